from damalib import Board


def test_start_position_has_the_seven_first_moves_of_it_b4():
    # IT-B4: White's seven possible first moves.
    assert sorted(str(m) for m in Board().legal_moves) == [
        "21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]
