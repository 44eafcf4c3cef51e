"""Shared test set-up: the hypothesis profiles, registered here and nowhere else, and the
headless chromium the page tests drive (`browser`, one a test module).

Profile 'ci' (derandomized, no example database, fixed example counts) is loaded when
the CI environment variable is set, 'dev' (random examples) otherwise.  A test that
needs another count says so with @settings(max_examples=...) or scales the loaded
profile's count (tests/contest/test_properties.py); no test file registers a profile, so the
counts no longer depend on which files are collected.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

SLOW_IS_FINE = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "ci", derandomize=True, database=None, max_examples=200, deadline=None,
    suppress_health_check=SLOW_IS_FINE, print_blob=True,
)
settings.register_profile("dev", max_examples=150, deadline=None, suppress_health_check=SLOW_IS_FINE)
settings.load_profile("ci" if os.environ.get("CI") else "dev")



@pytest.fixture(scope="module")
def browser():
    """A headless chromium (support.browser.Browser) for the page tests of one module."""
    from support.browser import Browser

    chromium = Browser()
    yield chromium
    chromium.close()
