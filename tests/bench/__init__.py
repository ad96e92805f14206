"""Tests of the speed scripts (bench/) and of what the repository may refer to."""
