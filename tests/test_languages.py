"""The pages in English, German and French (issue 26, architecture section 24): the catalogs are complete
and up to date with the sources, the reader's language is chosen as the README says (a seat's setting,
the switch at the foot of a page, Accept-Language, English), no English sentence of the catalog is left on
a German or French page, and a seat is shown the same facts in every language."""

from __future__ import annotations

import random
import re
from collections import Counter
from html import unescape
from pathlib import Path

import pytest
from babel.messages import pofile
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from pbem import i18n
from pbem.people import accounts
from pbem.play import service
from tests.support import play_randomly
from tests.test_pages import csrf

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = i18n.CATALOGS / "messages.pot"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.DEFAULT]
PLACEHOLDER = re.compile(r"%\(\w+\)s")
TAG = re.compile(r"</?[a-z][^>]*>")
PLAYERS = {"mississippi": 3, "rigadoon": 2, "buccaneer": 2, "dragon_flagon": 2}
NAMES = ["Ann", "Bob", "Cy"]


def read_catalog(path: Path):
    with path.open("rb") as source:
        return pofile.read_po(source)


def ids_of(catalog) -> set:
    return {message.id if isinstance(message.id, str) else tuple(message.id) for message in catalog if message.id}


# --- the catalogs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_id_is_translated_in_every_catalog(language):
    template = read_catalog(TEMPLATE)
    catalog = read_catalog(i18n.catalog_path(language))
    assert ids_of(catalog) >= ids_of(template), f"{language} lacks ids: run pybabel update (README, Languages)"
    untranslated = []
    for message in template:
        if not message.id:
            continue
        translated = catalog[message.id]
        strings = translated.string if isinstance(translated.string, tuple) else (translated.string,)
        if translated.fuzzy or not all(strings) or len(strings) != (catalog.num_plurals if message.pluralizable else 1):
            untranslated.append(message.id)
            continue
        english = message.id[-1] if message.pluralizable else message.id
        for text in strings:  # every value and every tag of the English is in the translation
            assert set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(english)), (language, message.id, text)
            assert sorted(TAG.findall(text)) == sorted(TAG.findall(english)), (language, message.id, text)
        assert set(PLACEHOLDER.findall(strings[-1])) == set(PLACEHOLDER.findall(english)), (language, message.id)
    assert not untranslated, f"{language}: {len(untranslated)} ids not translated (100% is required): {untranslated[:5]}"


def test_the_template_holds_every_message_the_sources_say():
    """Running the extractor on the sources (babel.cfg) yields the template's ids, no more and no fewer."""
    with (i18n.CATALOGS / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    extracted = set()
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map, options_map):
        extracted.add(message if isinstance(message, str) else tuple(message))
    in_template = ids_of(read_catalog(TEMPLATE))
    assert not extracted - in_template, f"run pybabel extract (README, Languages): new ids {sorted(map(str, extracted - in_template))[:5]}"
    assert not in_template - extracted, f"the template holds ids no source says: {sorted(map(str, in_template - extracted))[:5]}"


def test_catalogs_are_compiled_in_memory_and_nothing_compiled_is_committed():
    assert not list(i18n.CATALOGS.rglob("*.mo"))
    assert i18n.translate("de", "Your turn.") == "Du bist am Zug."
    assert i18n.translate("fr", "Played %(move)s.", move="e4") == "e4 joué."
    assert i18n.translate("en", "Your turn.") == "Your turn."


def words_the_script_says() -> set[str]:
    """The string literals inside each W(...) call of templates/play.js, up to its values object, and those
    its units(...) helper hands to W."""
    script = (ROOT / "templates" / "play.js").read_text()
    said = set()
    for start in (m.end() for m in re.finditer(r"\b(?:W|units)\(", script)):
        depth, end = 1, start
        while depth:
            depth += {"(": 1, ")": -1}.get(script[end], 0)
            end += 1
        call = script[start:end - 1].split("{")[0]
        said |= set(re.findall(r'"([^"]*)"', call))
    return said


def test_every_word_the_board_script_says_is_in_the_catalog():
    from pbem.web.client_words import CLIENT_WORDS, client_words

    said = words_the_script_says()
    assert len(said) > 20 and said == set(CLIENT_WORDS)
    assert client_words("en") == {}
    assert client_words("de")["%(num)s days"] == "%(num)s Tage"
    assert set(client_words("fr")) <= set(CLIENT_WORDS)


# --- choosing the reader's language -------------------------------------------------------------------


def lang_of(page) -> str:
    return re.search(rb'<html lang="([a-z]+)">', page.data).group(1).decode()


def test_the_browser_language_decides_where_nothing_else_does(client):
    assert lang_of(client.get("/")) == "en"
    german = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert lang_of(german) == "de" and german.headers["Content-Language"] == "de"
    assert "Brettspiele per Fernpartie" in german.data.decode()
    assert "Accept-Language" in german.headers["Vary"]
    french = client.get("/links", headers={"Accept-Language": "fr-CA, en;q=0.3"})
    assert lang_of(french) == "fr" and "Perdu votre lien de place ?" in french.data.decode()
    assert lang_of(client.get("/", headers={"Accept-Language": "es, it;q=0.8"})) == "en"  # none we speak: English


def test_the_switch_at_the_foot_of_a_page_is_remembered_by_the_browser(client):
    page = client.get("/", headers={"Accept-Language": "de"})
    assert b'href="http://localhost/?lang=fr"' in page.data
    switched = client.get("/?lang=fr", headers={"Accept-Language": "de"})
    assert lang_of(switched) == "fr"
    assert lang_of(client.get("/signin", headers={"Accept-Language": "de"})) == "fr"  # the choice outranks the header
    assert lang_of(client.get("/?lang=xx", headers={"Accept-Language": "de"})) == "fr"  # an unknown code changes nothing


def test_a_seat_reads_its_own_language_whatever_the_browser(client, db, site):
    created = service.create_game(db, site, "rigadoon", [{"name": "Ann"}, {"name": "Bob"}])
    url = f"/play/{created.tokens[0]}/settings"
    page = client.get(url, headers={"Accept-Language": "en"})
    assert b'<option value="de" lang="de">Deutsch</option>' in page.data
    saved = client.post(url, data={"csrf": csrf(page.data), "confirm": "on", "language": "de"}, follow_redirects=True)
    assert lang_of(saved) == "de" and "Deine Einstellungen sind gespeichert." in saved.data.decode()
    assert service.load(db, created.id).settings[0]["language"] == "de"
    for path in ("", "/settings", "/history", "/conditionals"):
        assert lang_of(client.get(f"/play/{created.tokens[0]}{path}", headers={"Accept-Language": "fr"})) == "de", path
    seat_page = client.get(f"/play/{created.tokens[0]}", headers={"Accept-Language": "fr"}).data.decode()
    assert "Diese Seite ist dein Platz" in seat_page and 'class="languages' not in seat_page  # no switch: the setting decides
    # the other seat, and the spectator, still read their browser's language
    assert lang_of(client.get(f"/play/{created.tokens[1]}", headers={"Accept-Language": "fr"})) == "fr"
    assert lang_of(client.get(f"/games/{created.id}", headers={"Accept-Language": "fr"})) == "fr"
    # back to "as my browser asks"
    page = client.get(url)
    client.post(url, data={"csrf": csrf(page.data), "confirm": "on", "language": ""})
    assert service.load(db, created.id).settings[0]["language"] is None
    assert lang_of(client.get(f"/play/{created.tokens[0]}", headers={"Accept-Language": "fr"})) == "fr"


# the rules pages read in the reader's language (issue 26 item 4); the other two games' follow
RULES_TRANSLATED = ("mississippi", "rigadoon")
# Mississippi's moves as the rules write them, in <em> and <dt> ("forward 3", "rotate &minus;3", "r-2 b5", "f")
MISSISSIPPI_MOVE = re.compile(r"(?:(?:rotate|forward|back|[rfb]) ?(?:[-+]|&minus;)?\d* ?)+")


def notation(html: str) -> list[str]:
    """The moves a rules page writes: every <code> (Rigadoon's) and every <em> or <dt> that is a move."""
    return sorted(re.findall(r"<code>(.*?)</code>", html) +
                  [text for text in re.findall(r"<(?:em|dt)>([^<]*)</(?:em|dt)>", html) if MISSISSIPPI_MOVE.fullmatch(text)])


def without_notation(html: str, gap: str = " ") -> str:
    """The moves a page writes left out: the same in every language, they are no English left behind."""
    html = re.sub(r"<code>.*?</code>", gap, html)
    return re.sub(r"<(em|dt)>([^<]*)</\1>", lambda m: gap if MISSISSIPPI_MOVE.fullmatch(m.group(2)) else m.group(0), html)


@pytest.mark.parametrize("name", RULES_TRANSLATED)
def test_a_rules_page_reads_in_the_readers_language_with_the_same_figures_and_moves(client, name):
    english = client.get(f"/rules/{name}").data.decode()
    sentences = english_sentences()
    assert any(s in visible_text(english) for s in sentences), "the rule found no English on the English page"
    for language in TRANSLATED:
        page = client.get(f"/rules/{name}", headers={"Accept-Language": language}).data.decode()
        assert lang_of_html(page) == language and '<div lang="en">' not in page
        left = sorted(s for s in sentences if s in visible_text(without_notation(page)))
        assert not left, f"{name} rules in {language} still say in English: {left[:5]}"
        for kind, pattern in (("headings", r"<h[1-6]\b"), ("anchors", r'\bid="([^"]+)"'), ("links", r'href="(#[^"]+)"')):
            assert re.findall(pattern, page) == re.findall(pattern, english), f"{name} in {language}: {kind} differ"
        svgs = [re.findall(r"<svg\b.*?</svg>", html, flags=re.S) for html in (english, page)]
        assert svgs[0] and [board_facts(svg) for svg in svgs[1]] == [board_facts(svg) for svg in svgs[0]]
        assert notation(page) == notation(english) and len(notation(english)) >= 9
@pytest.mark.parametrize("name", ["buccaneer", "dragon_flagon"])
def test_a_rules_page_reads_in_the_readers_language_with_the_same_headings_figures_and_notation(client, name):
    """The rules pages are our explanation, translated whole; the notation, the figures, the headings and
    the places a hint links to stay the same in every language (the rule texts in ../shared/rules/ stay
    the English law)."""
    english = client.get(f"/rules/{name}").data.decode()
    sentences = english_sentences()
    assert lang_of_html(english) == "en" and any(s in visible_text(english) for s in sentences)
    for language in TRANSLATED:
        page = client.get(f"/rules/{name}", headers={"Accept-Language": language}).data.decode()
        assert lang_of_html(page) == language and '<div lang="en">' not in page
        prose = visible_text(re.sub(r"<code>.*?</code>", " ", page))  # the notation stays as the rules write it
        left = sorted(s for s in sentences if s in prose)
        assert not left, f"{name} in {language} still says in English: {left[:5]}"
        for pattern in (r"<h[1-4]\b", r"<svg\b", r"<(?:td|li|dt)\b"):
            assert len(re.findall(pattern, page)) == len(re.findall(pattern, english)), (language, pattern)
        assert Counter(re.findall(r"<code>(.*?)</code>", page)) == Counter(re.findall(r"<code>(.*?)</code>", english))
        assert re.findall(r'\bid="([^"]+)"', page) == re.findall(r'\bid="([^"]+)"', english)  # every anchor a hint links to
        assert re.findall(r"<pre\b.*?</pre>", page, flags=re.S) == re.findall(r"<pre\b.*?</pre>", english, flags=re.S)


def test_the_time_left_is_said_in_the_readers_language_without_script(client, db, site):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}], {"time_per_move": "3d"})
    english, german = (client.get(f"/play/{created.tokens[0]}", headers={"Accept-Language": language}).data.decode()
                       for language in ("en", "de"))
    assert re.search(r"<noscript> \([23] days( \d+ hours?)? left\)</noscript>", english)
    assert re.search(r"<noscript> \(noch [23] Tage( \d+ Stunden?)?\)</noscript>", german)


def lang_of_html(page: str) -> str:
    return re.search(r'<html lang="([a-z]+)">', page).group(1)


def test_a_refusal_a_page_shows_is_in_the_readers_language(client, db, site):
    missing = client.get("/play/no-such-link", headers={"Accept-Language": "de"})
    assert missing.status_code == 404 and "kein Platz hat diesen Link" in missing.data.decode()
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
    url = f"/play/{created.tokens[0]}/settings"
    page = client.get(url, headers={"Accept-Language": "fr"})
    ended = client.post(f"/play/{created.tokens[0]}/vacation", data={"csrf": csrf(page.data), "action": "end"},
                        headers={"Accept-Language": "fr"}, follow_redirects=True)
    assert "Non effectué : vous n’êtes pas en congé" in ended.data.decode()



def test_an_http_error_on_a_page_is_pbem_s_page_in_the_readers_language(client, db, site):
    """No such page, a bad ?at= on a history, a form that expired: pbem's error page in the reader's
    language (Werkzeug's own page said "Not Found ... the requested URL" in English); the API stays JSON."""
    nowhere = client.get("/no/such/page", headers={"Accept-Language": "de"})
    assert nowhere.status_code == 404 and lang_of(nowhere) == "de"
    assert "Unter dieser Adresse gibt es keine Seite." in nowhere.data.decode()
    assert "requested URL" not in nowhere.data.decode()
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
    bad = client.get(f"/play/{created.tokens[0]}/history?at=x", headers={"Accept-Language": "fr"})
    assert bad.status_code == 400 and "at doit être un nombre entier" in bad.data.decode()
    expired = client.post(f"/play/{created.tokens[0]}/vacation", data={"csrf": "stale", "action": "end"},
                          headers={"Accept-Language": "de"})
    assert expired.status_code == 400 and "das Formular ist abgelaufen" in expired.data.decode()
    wrong_way = client.delete("/", headers={"Accept-Language": "fr"})
    assert wrong_way.status_code == 405 and "Cette page ne peut pas être demandée" in wrong_way.data.decode()
    assert "GET" in wrong_way.headers["Allow"]
    api = client.get("/api/no/such/thing", headers={"Accept-Language": "de"})
    assert api.status_code == 404 and api.get_json()["error"]

def test_the_api_sets_a_seats_language_and_keeps_what_it_leaves_out(client, db, site):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                            {"name": "Bob"}])
    url = f"/api/games/{created.id}/settings"
    auth = {"Authorization": f"Bearer {created.tokens[0]}"}
    answer = client.put(url, json={"language": "fr"}, headers=auth)
    assert answer.status_code == 200, answer.data
    settings = {k: v for k, v in answer.get_json().items() if k != "head"}  # every game answer carries its head
    assert settings == {"email_on": True, "digest": False, "webhook": None, "confirm": True, "language": "fr",
                        "rest_days": [], "time_zone": None}  # rest days: issue 28
    answer = client.put(url, json={"digest": True}, headers=auth)
    assert answer.get_json()["language"] == "fr" and answer.get_json()["digest"] is True
    assert lang_of(client.get(f"/play/{created.tokens[0]}")) == "fr"
    assert client.put(url, json={"language": "es"}, headers=auth).status_code == 400
    assert client.put(url, json={"language": None}, headers=auth).get_json()["language"] is None
    assert client.put(url, json={"language": "de"}).status_code == 401
    assert client.put(url, json={"language": "de"}, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert service.load(db, created.id).settings[1].get("language") is None  # the other seat is untouched


def test_a_signed_in_address_reads_its_own_language_where_no_seat_chose_one(client, db, site):
    from tests.test_home import ANN, sign_in

    created = service.create_game(db, site, "mississippi", [{"name": "Ann", "email": ANN}, {"name": "Bob"}])
    assert client.put("/api/me/settings", json={"language": "de"}).status_code == 401  # not signed in
    sign_in(client, db)
    me = client.get("/me", headers={"Accept-Language": "fr"})
    assert lang_of(me) == "fr" and b'<option value="">' in me.data
    saved = client.post("/me/settings", data={"csrf": csrf(me.data), "language": "de"}, follow_redirects=True)
    assert lang_of(saved) == "de" and "Deine Einstellungen sind gespeichert." in saved.data.decode()
    for path in ("/", "/me", f"/play/{created.tokens[0]}", f"/games/{created.id}"):
        page = client.get(path, headers={"Accept-Language": "fr"})
        assert lang_of(page) == "de" and b'class="languages' not in page.data, path  # no switch: /me decides
    # a seat's own language still wins on its pages
    auth = {"Authorization": f"Bearer {created.tokens[0]}"}
    assert client.put(f"/api/games/{created.id}/settings", json={"language": "fr"}, headers=auth).status_code == 200
    assert lang_of(client.get(f"/play/{created.tokens[0]}")) == "fr" and lang_of(client.get("/")) == "de"
    # the API, with the session or the personal token
    answer = client.put("/api/me/settings", json={"language": None})
    assert answer.status_code == 200 and answer.get_json() == {"public_name": None, "language": None, "time_zone": "UTC", "rest_days": [], "quiet_hours": None, "quiet_mail": False}
    assert lang_of(client.get("/", headers={"Accept-Language": "fr"})) == "fr"
    token = accounts.key_of(db, site, ANN, "token", service.utcnow())
    other = client.application.test_client()  # no session: the token alone
    assert other.put("/api/me/settings", json={"language": "en"},
                     headers={"Authorization": f"Bearer {token}"}).get_json()["language"] == "en"
    assert other.put("/api/me/settings", json={"language": "xx"},
                     headers={"Authorization": f"Bearer {token}"}).status_code == 400
    assert other.put("/api/me/settings", json={"time_zone": "Europe/Paris"},
                     headers={"Authorization": f"Bearer {token}"}).get_json()["language"] == "en"  # kept (issue 28)
    assert lang_of(client.get("/", headers={"Accept-Language": "fr"})) == "en"


# --- no English left on a German or French page -------------------------------------------------------


def visible_text(html: str) -> str:
    """What a reader sees as words: no styles, scripts, board pictures or preformatted game text (the
    board as text and the notation are the games' own, language-neutral words)."""
    html = re.sub(r"<(style|script|svg|pre)\b.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def games_words(path: str) -> bool:
    return path.startswith("pbem/games/") or path == "pbem/words/__init__.py"


def english_sentences() -> set[str]:
    """Each run of more than three words of the English catalog's ids, between their values, tags and
    moves (a rules page's `sail G2 E 3 sink` is written so in every language)."""
    out = set()
    for message in read_catalog(TEMPLATE):
        if message.locations and all(games_words(path) for path, _ in message.locations):
            continue  # the games' sentences: the options and hints beside them are still English (issue 26)
        for text in ([message.id] if isinstance(message.id, str) else message.id):
            if not text:
                continue
            for piece in PLACEHOLDER.split(TAG.sub("|", unescape(without_notation(text, "|")))):
                for part in piece.split("|"):
                    words = " ".join(part.split()).strip(" .,:;()?")
                    if len(words.split()) > 3:
                        out.add(words)
    return out


def pages_of(client, db, site, name: str) -> dict[str, str]:
    """Paths of the pages of one game mid-way (and the pages around it), for each page a reader opens."""
    players = [{"name": n, "email": f"{n.lower()}@example.org"} for n in NAMES[:PLAYERS[name]]]
    created = service.create_game(db, site, name, players)
    play_randomly(db, site, created, 10, random.Random(26))
    token = created.tokens[0]
    waiting = service.create_game(db, site, name, [players[0], {"open": True}] + players[2:])
    return {"seat": f"/play/{token}", "settings": f"/play/{token}/settings", "history": f"/play/{token}/history",
            "conditionals": f"/play/{token}/conditionals", "spectator": f"/games/{created.id}",
            "spectator history": f"/games/{created.id}/history", "options": f"/new/{name}",
            "waiting": f"/play/{waiting.tokens[0]}", "home": "/", "links": "/links", "signin": "/signin",
            "not found": "/play/no-such-link"}


def without_the_games_sentences(html: str) -> str:
    """A page without the lists of the games' own sentences (the moves told in words, still English in
    every language: "Each player was dealt 6 crew cards face down" may share words with the catalog)."""
    return re.sub(r'<ol class="(?:move-list|recent)">.*?</ol>', " ", html, flags=re.S)


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_no_english_sentence_of_the_catalog_is_left_on_a_german_or_french_page(client, db, site, name):
    sentences = english_sentences()
    assert len(sentences) > 150  # the rule has something to look for
    for page_name, path in pages_of(client, db, site, name).items():
        english = visible_text(without_the_games_sentences(client.get(path).data.decode()))
        assert any(s in english for s in sentences), f"{page_name}: the rule found no English on the English page"
        for language in TRANSLATED:
            page = client.get(path, headers={"Accept-Language": language}).data.decode()
            text = visible_text(without_the_games_sentences(page))
            left = sorted(s for s in sentences if s in text)
            assert not left, f"{name} {page_name} in {language} still says in English: {left[:5]}"


# --- the same facts in every language -----------------------------------------------------------------


def board_facts(svg: str) -> str:
    """A board picture with the words of its labels (and of its own aria-label) left out (a game may say them
    in the reader's language): its drawing, and in each label the numbers, squares, codes and names it holds."""
    def kept(match):
        held = re.findall(r"\b(?:[A-Z]{1,2}\d*|\d+|" + "|".join(NAMES) + r")\b", unescape(match.group(3)))
        return match.group(1) + " ".join(held) + match.group(4)
    svg = re.sub(r'(<svg\b[^>]*aria-label=)(")([^"]*)(")', kept, svg)  # the picture's own name too
    # a name printed on the board (Buccaneer's ports, bays and islands) is as long as its language makes it:
    # its tab's size and its lines are left out with its words
    svg = re.sub(r'<g class="(tab|island)"[^>]*>.*?</g>', r'<g class="\1"></g>', svg, flags=re.S)
    return re.sub(r"(<(title|text)\b[^>]*>)([^<]*)(</\2>)", kept, svg)


def facts(html: str) -> dict:
    """What a seat is shown that no language may change: the board pictures, the position as text, the
    moves it may send, every number and how often each player's name appears."""
    text = visible_text(html)
    return {"boards": [board_facts(svg) for svg in re.findall(r"<svg\b.*?</svg>", html, flags=re.S)],
            "position": re.findall(r"<pre\b.*?</pre>", html, flags=re.S),
            "moves": re.findall(r'<(?:option|button)[^>]*name="move"[^>]*value="([^"]*)"', html) +
                     re.findall(r"<option>([^<]*)</option>", html),
            "numbers": sorted(re.findall(r"\d+", text)),
            "names": Counter({n: len(re.findall(rf"\b{n}\b", text)) for n in NAMES})}


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_a_seat_is_shown_the_same_facts_in_every_language(client, db, site, name):
    players = [{"name": n} for n in NAMES[:PLAYERS[name]]]
    created = service.create_game(db, site, name, players)
    loaded = play_randomly(db, site, created, 14, random.Random(7))
    for seat in range(len(players)):
        for path in (f"/play/{created.tokens[seat]}", f"/play/{created.tokens[seat]}/history?at={loaded.seq // 2}"):
            seen = {language: facts(client.get(path, headers={"Accept-Language": language}).data.decode())
                    for language in i18n.LANGUAGES}
            assert seen["en"]["boards"] and seen["en"]["position"] and seen["en"]["numbers"], path
            for language in TRANSLATED:
                for kind, english in seen["en"].items():
                    assert seen[language][kind] == english, f"{name} {path}: {kind} differ in {language}"


def test_a_page_shows_a_reason_without_the_api_s_field_name_and_with_its_own_quotes(app):
    from pbem.web.languages import page_message

    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert page_message("public_name: a public name is 3 to 24 letters, digits, _ or -").startswith("ein")
    with app.test_request_context("/"):
        assert page_message("public_name: a public name is 3 to 24 letters, digits, _ or -") == \
            "a public name is 3 to 24 letters, digits, _ or -"
        assert page_message("'Mars/Olympus' is not a time zone") == "'Mars/Olympus' is not a time zone"
        assert page_message("'the game is over'") == "the game is over"  # a KeyError's quotes
        assert page_message("clock: per_move, fischer, none, or a time per move such as 3d (games that give at "
                            "most that per move)").startswith("clock: ")  # one word: left as it reads


PRINTED_PLACES = {"en": ["Mud Bay", "Genoa", "Marseilles", "Treasure", "Pirate"],
                  "de": ["Schlammbucht", "Genua", "Marseille", "Schatz-", "Piraten-"],
                  "fr": ["Baie de la Vase", "Gênes", "Marseille", "Trésor", "Pirates"]}


def test_the_names_printed_on_buccaneers_board_are_in_the_readers_language(client, db, site):
    """Ports, bays and islands on the board as the hints and the rules page name them (issue 26 item 4)."""
    created = service.create_game(db, site, "buccaneer", [{"name": "Ann"}, {"name": "Bob"}])
    for language, names in PRINTED_PLACES.items():
        page = client.get(f"/play/{created.tokens[0]}", headers={"Accept-Language": language}).data.decode()
        board = unescape(re.search(r'<svg\b[^>]*class="buccaneer-board".*?</svg>', page, flags=re.S).group(0))
        printed = " ".join(re.findall(r'<g class="(?:tab|island)"[^>]*>.*?</g>', board, flags=re.S))
        for name in names:
            assert f">{name}<" in printed or f">{name} " in printed or f" {name}<" in printed, (language, name)
        if language != "en":
            for english in ("Mud Bay", "Cliff Creek", "Island<", "Genoa"):
                assert english not in printed, (language, english)
