"""The seat page's list of many legal moves is grouped by their leading words (pbem/web/move_groups.py)."""

import re

from pbem.play import service
from pbem.web.move_groups import group_moves


def test_moves_sharing_their_first_two_words_are_grouped_in_order():
    legal = ["sail B1 E 1", "sail B1 S 2", "sail B4 SE 1", "sail B4 SE 2", "sail B4 S 1", "wind"]
    assert group_moves(legal) == [("sail B1", ["sail B1 E 1", "sail B1 S 2"]),
                                  ("sail B4", ["sail B4 SE 1", "sail B4 SE 2", "sail B4 S 1"]),
                                  ("wind", ["wind"])]


def test_when_two_words_make_no_groups_the_first_word_does():
    legal = [f"forward {n}" for n in range(1, 7)] + ["wood 1", "wood 2"]
    assert group_moves(legal) == [("forward", legal[:6]), ("wood", legal[6:])]


def test_a_list_that_would_not_group_stays_one_unlabelled_list():
    assert group_moves(["end", "attack", "pass"]) == [("", ["end", "attack", "pass"])]
    assert group_moves(["forward 1", "forward 2"]) == [("", ["forward 1", "forward 2"])]
    assert group_moves([]) == [("", [])]


def test_the_seat_page_shows_every_legal_move_once_under_its_group(client, db, site):
    created = service.create_game(db, site, "rigadoon", [{"name": "Ann"}, {"name": "Bob"}])
    loaded = service.load(db, created.id)
    for _ in range(20):  # play on until the mover has a long list of moves
        seat = min(loaded.to_move)
        legal = loaded.module.legal_moves(loaded.state, seat)
        if len(group_moves(legal)) > 1:
            break
        service.submit_move(db, site, created.id, created.tokens[seat], legal[0], loaded.seq)
        loaded = service.load(db, created.id)
    else:
        raise AssertionError("no long list of moves came up")
    page = client.get(f"/play/{created.tokens[seat]}").data.decode()
    shown = re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', page, re.S)
    assert [label for label, _ in shown] == [label for label, _ in group_moves(legal)]
    options = [o for _, body in shown for o in re.findall(r"<option>([^<]*)</option>", body)]
    assert options == legal
