"""Shared test set-up: hypothesis profiles and the location of the contest data.

Profile 'ci' (derandomized, 60 examples) is loaded when the CI environment variable
is set, 'dev' (100 random examples) otherwise.
"""

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def shared_data():
    """The Path of ../shared/data (official packs and samples); skips the test when absent."""
    path = Path(__file__).resolve().parents[1].parent / "shared" / "data"
    if not path.is_dir():
        pytest.skip("shared data folder %s is missing" % path)
    return path
