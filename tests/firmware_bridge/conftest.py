import pytest
from fb_rig import make_rig


@pytest.fixture
def rig():
    rig = make_rig()
    yield rig
    rig.board.close()
