"""Fixtures of the simulation tests: the session's pool of simulated games (sim_pool.py)."""

from __future__ import annotations

import pytest
from sim_pool import POOL, Pool


@pytest.fixture(scope="session")
def pool() -> Pool:
    """The session's pool of simulated games (see :class:`sim_pool.Pool`)."""
    return POOL
