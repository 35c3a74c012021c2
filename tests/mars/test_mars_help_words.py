"""The tooltips of the March on Mars table (the ring's boxes, the alien colours, the base
upgrades, the dice) are the game's own words (``text.table_help``), handed out by the view in
the reader's language under ``help`` with this game's numbers from its component data (a
variant explains its own game); they are words for people, not part of what a seat observes,
and the renderer keeps no copy."""

from __future__ import annotations

from pathlib import Path

from mars_helpers import GAME

from cosmodrome.games.mars.state import A_KAMIKAZE, A_NUKE
from cosmodrome.i18n import using

RENDERER = Path(GAME.components_file).parents[2] / "web" / "js" / "renderers" / "mars.js"
#: tougher aliens, three sentinel dice and a blue die of 1s and 3s (RB: Can I kill the aliens?;
#: Base upgrades; the dice's faces)
VARIANT = {"name": "tough", "toml": (
    '[aliens.hits]\nvalue = { yellow = 2, blue = 3, red = 4 }\nstatus = "assumed"\nsource = "ours"\n'
    '[upgrades.sentinels]\nvalue = { dice = 3, colour = "blue" }\nstatus = "assumed"\nsource = "ours"\n'
    '[dice.faces]\nvalue = { blue = ["1", "1", "1", "3", "3", "3"], white = ["1", "1", "1", "2", "2", "2"], '
    'black = ["1", "1", "1", "2", "2", "2"] }\nstatus = "assumed"\nsource = "ours"\n'
    '[counts.dice]\nvalue = { marine = 4, crashed = 1, actions = 3, nuke = 3, nuke_target = 8 }\nstatus = "assumed"\n'
    'source = "ours"\n'
    '[rounds.limit]\nvalue = 6\nstatus = "assumed"\nsource = "ours"\n'
    '[waves.white_die]\nvalue = { left = 2, right = 1 }\nstatus = "assumed"\nsource = "ours"\n')}


def test_the_tooltips_come_with_the_view_and_carry_the_printed_numbers():
    s = GAME.new_state(2, 1)
    help_ = s.view(0)["help"]
    assert help_ is s.view(None)["help"]                 # one object for every seat
    assert help_["aliens"]["blue"] == "Blue aliens need more hits in one shot: 2 hits kill one."
    assert help_["aliens"]["yellow"] == "Yellow aliens are the weakest: a shot of 1 hit kills one."
    assert "they roll 2 dice each round" in help_["upgrades"]["sentinels"]
    assert help_["dice"]["blue"] == "blue die: 1, 1, 2, 2, 3, 3"
    assert help_["dice"]["black"].startswith("black die: 1, 1, 1, 2, 2, 2! (the 2! face moves 2 and calls an alien "
                                             "wave")
    assert help_["cells"]["4"].startswith("A tunnel box with a circle")
    assert help_["mmm"].startswith("The Martian Master Mind. 4 dice summing to 9 or more")
    marine = {k: help_["marine"][k] for k in ("standing", "crashed", "tired")}
    assert marine == {"standing": "Standing: it plays with 4 dice.",
                      "crashed": "Crashed: it gets up at the start of its next turn and plays it with 2 dice.",
                      "tired": "After the power-up injector: 3 dice next turn."}


def test_a_variants_tooltips_explain_its_own_numbers():
    s = GAME.new_state(2, 1, GAME.resolve_options({"components": VARIANT}))
    help_ = s.view(0)["help"]
    assert help_["aliens"]["yellow"] == "Yellow aliens are the weakest: a shot of 2 hits kills one."
    assert "4 hits in one shot" in help_["aliens"]["red"]
    assert "they roll 3 dice each round" in help_["upgrades"]["sentinels"]
    assert help_["dice"]["blue"] == "blue die: 1, 1, 1, 3, 3, 3"
    assert help_["dice"]["black"] == "black die: 1, 1, 1, 2, 2, 2"          # no wave face on this one
    assert help_["mmm"].startswith("The Martian Master Mind. 3 dice summing to 8 or more")
    assert help_["marine"]["crashed"].endswith("plays it with 1 die.")
    assert help_["board"]["rounds"] == "The round track: the MMM must be destroyed within 6 rounds."
    assert help_["board"]["white"] == {
        "2": "The MMM's white die shows 2: this round's wave comes on the left side.",
        "1": "The MMM's white die shows 1: this round's wave comes on the right side.",
        "none": "The MMM's white die, rolled each round: 2 sends a wave to the left side, 1 to the right."}


def test_the_rings_places_and_the_centres_tracks_come_with_the_view():
    """The Landing Zone, the defender boxes, the barriers, the incoming-wave boxes, the white die,
    the round and damage tracks and the alien pool (RB: Prepare landing; How we win?; Martian waves)."""
    board = GAME.new_state(2, 1).view(0)["help"]["board"]
    assert board["lz"].startswith("The Landing Zone: the marines' base. Aliens still in it")
    assert board["beside"] == {z: f"The {side} defender box, beside the MMM: free of aliens, a marine here may set off "
                                  "the nuke." for z, side in (("0", "left"), ("6", "right"))}
    assert board["barrier"]["right"].startswith("The right defender's force barrier, between its box and the MMM")
    assert board["incoming"]["left"].endswith("At the start of the next round they storm into the Landing Zone.")
    assert board["white"]["1"] == "The MMM's white die shows 1: this round's wave comes on the left side."
    assert board["white"]["2"] == "The MMM's white die shows 2: this round's wave comes on the right side."
    assert board["white"]["none"] == ("The MMM's white die, rolled each round: 1 sends a wave to the left side, 2 to "
                                      "the right.")
    assert board["rounds"] == "The round track: the MMM must be destroyed within 8 rounds."
    assert board["damage"].startswith("Successful attacks on the base: at the last one")
    assert board["pool"].startswith("Alien counters in the bag (new waves)")
    with using("hu"):
        hu = GAME.new_state(2, 1, GAME.resolve_options({"components": VARIANT})).view(0)["help"]["board"]
    assert hu["rounds"] == "A fordulósáv: az MFA-t 6 forduló alatt el kell pusztítani."
    assert hu["barrier"]["left"] == ("A bal védő erőtere a mezője és az MFA között: amíg a védő él, a mezőn túlra "
                                     "vezető lépés ott zuhanással ér véget.")
    assert hu["white"]["none"] == ("Az MFA fehér kockája, minden fordulóban dobják: 2 esetén a bal oldalra küld "
                                   "hullámot, 1 esetén a jobbra.")


def test_the_tooltips_read_hungarian():
    with using("hu"):
        help_ = GAME.new_state(2, 1, GAME.resolve_options({"components": VARIANT})).view(0)["help"]
    assert help_["aliens"]["blue"] == "A kék idegenekhez több találat kell egy lövésből: 3 találat öl meg egyet."
    assert "minden fordulóban 3 kockával dobnak" in help_["upgrades"]["sentinels"]
    assert help_["dice"]["blue"] == "kék kocka: 1, 1, 1, 3, 3, 3"
    assert help_["cells"]["1"] == "Karikás mező: ide biztonságosan lehet érkezni."
    assert help_["mmm"].startswith("A Marsi Főagy. 3 kocka, ha összegük legalább 8")


def test_the_renderer_keeps_no_copy_of_the_texts():
    js = RENDERER.read_text(encoding="utf-8")
    for text in ("Yellow aliens", "Sentinels:", "blue die: 1", "A box with a circle", "Bunker:", "Four dice summing",
                 "plays with 4 dice", "with 2 dice", "3 dice next turn", "the marines' base", ", beside the MMM:",
                 "force barrier, between its box", "incoming-wave box:", "white die shows", "rolled each round",
                 "The round track", "eighth round", "Successful attacks on the base", "Alien counters in the bag",
                 "half the board, for two marines", "destroyed by an attack on the base", "plays once a round",
                 "left the game (kamikaze)", "bombing has been called", "how hard the aliens come", "4 dice, 9 or more",
                 "nuke with 5 dice"):
        assert text not in js, text


def test_the_marines_cards_and_the_tables_rule_sentences_come_with_the_view():
    """The sentences the marines' cards and the table explain a rule with (RB: "How do I...":
    no turn order; "Special training"; Setup: half the board for two marines; Base upgrades)."""
    help_ = GAME.new_state(2, 1).view(0)["help"]
    assert help_["marine"]["turn"] == "Each marine plays once a round, in any order the team likes."
    assert help_["marine"]["out"].startswith("This marine left the game (kamikaze)")
    assert help_["marine"]["orbital_spent"] == "The orbital bombing has been called this game."
    assert help_["board"]["half"] == " (half the board, for two marines)"
    assert help_["board"]["upgrade_lost"] == "A base upgrade destroyed by an attack on the base."
    assert help_["board"]["threat"].startswith("how hard the aliens come")
    with using("hu"):
        hu = GAME.new_state(2, 1).view(0)["help"]
    assert hu["marine"]["out"] == "Ez a tengerészgyalogos kiesett (kamikaze): a csapat nélküle játszik tovább."
    assert hu["board"]["half"] == " (a tábla fele, két tengerészgyalogosnak)"


def test_the_mmm_options_are_named_as_the_menu_labels_them_with_this_games_numbers():
    """The page lights the MMM for the options the view's help names: the nuke and Kamikaze,
    labelled as the menu labels them, in the reader's language, with a variant's dice."""
    s = GAME.new_state(2, 1, GAME.resolve_options({"components": VARIANT}))
    for lang in ("en", "hu"):
        with using(lang):
            assert s.view(0)["help"]["mmm_options"] == [s.action_label(A_NUKE), s.action_label(A_KAMIKAZE)]
    assert s.view(0)["help"]["mmm_options"] == ["set off the nuke (3 dice, 8 or more)",
                                                "kamikaze: the nuke with 4 dice, at the cost of this marine"]


def test_the_click_hints_come_with_the_view_in_the_readers_language():
    """What to click for each decision (the training card, the landing, the marine who acts next,
    programming, a rolled action, the lucky charm, a teleport's level, the drone, going on: RB:
    Prepare landing; "How do I..."; "How we win?"; Special training; Equipment) is the game's
    words (``text.CLICK_HINTS``), handed out under ``help`` by decision kind and translated; the
    renderer keeps no copy."""
    from cosmodrome.games.mars.state import PHASE_KIND
    from cosmodrome.games.mars.text import CLICK_HINTS
    help_ = GAME.new_state(2, 1).view(0)["help"]
    assert set(help_["clicks"]) == set(PHASE_KIND.values()) - {"over"}
    assert help_["clicks"]["landing"] == "Click the Landing Zone box where your marine lands."
    assert help_["clicks"]["go-on"] == "Roll your next action or stop here."
    with using("hu"):
        hu = GAME.new_state(2, 1).view(0)["help"]["clicks"]
    assert hu["landing"] == "Kattints a leszállózóna mezőjére, ahová a tengerészgyalogosod leszáll."
    assert set(hu) == set(help_["clicks"]) and all(hu[k] and hu[k] != help_["clicks"][k] for k in hu)
    js = RENDERER.read_text(encoding="utf-8")
    for text in CLICK_HINTS.values():
        assert text not in js, text
    assert "Click the Landing Zone box" not in js and "roll again with the lucky charm" not in js


def test_the_landing_zone_and_the_defender_boxes_are_the_helps():
    """The zones the table draws apart come with the help as the view numbers them: the Landing
    Zone (``state.LZ``) and the defender box of each side (``state.SIDE_ZONES``; RB: Prepare landing; The
    red defenders), on the whole board and on half of it; the renderer numbers no zone."""
    import re

    from cosmodrome.games.mars.state import D_LEFT, D_RIGHT, LZ
    for players in (3, 2):
        v = GAME.new_state(players, 1).view(0)
        zones = v["help"]["zones"]
        assert zones["lz"] == LZ and zones["defenders"] == {str(D_LEFT): "left", str(D_RIGHT): "right"}
        named = {z["zone"]: z["name"] for z in v["zones"]}
        assert named[zones["lz"]] == "Landing Zone"
        drawn = {d["side"] for d in v["defenders"]}
        assert {zones["defenders"][str(z)] for z in named if str(z) in zones["defenders"]} == drawn
        assert all(named[int(z)] == f"{side} defender box" for z, side in zones["defenders"].items() if int(z) in named)
    js = RENDERER.read_text(encoding="utf-8")
    assert not re.search(r"zone\s*===\s*\d|zoneOf\[c\]\s*===\s*\d|\bz\$\{", js)


def test_the_kinds_of_box_and_the_dice_come_with_the_help_by_name():
    """The table reads the kinds of box of the view's ring (``help["terrain"]``: the terrain
    module's numbers by name), the colour of each die by its number (``help["die_colours"]``, as
    the view's ``turn.dice`` names it) and each die's name as the options give it
    (``help["die_names"]``, in the reader's language; RB: How do I jump?); the renderer numbers
    no kind of box and no die."""
    import re

    from cosmodrome.games.lunar import terrain
    from cosmodrome.games.lunar.dice import COLOUR_NAMES, DIE_COLOUR, NUM_DICE, die_name
    from cosmodrome.games.mars.state import encode_program
    s = GAME.new_state(3, 1)
    help_ = s.view(0)["help"]
    assert help_["terrain"] == {"air": terrain.AIR, "safe": terrain.SAFE, "hazard": terrain.HAZARD,
                                "rock": terrain.ROCK, "tunnel": terrain.TUNNEL, "tunnel_haz": terrain.TUNNEL_HAZ}
    assert len(set(help_["terrain"].values())) == len(terrain.CELL_NAMES)
    kinds = {k for col in s.view(0)["ring"]["columns"] for k in col}
    assert kinds <= set(help_["terrain"].values()) and {terrain.HAZARD, terrain.ROCK, terrain.AIR} <= kinds
    assert set(help_["cells"]) == {str(help_["terrain"][k]) for k in ("safe", "hazard", "tunnel", "tunnel_haz")}
    assert help_["die_colours"] == [COLOUR_NAMES[DIE_COLOUR[d]] for d in range(NUM_DICE)]
    assert help_["die_colours"] == ["blue", "blue", "white", "white", "black", "black"]
    assert help_["die_names"] == [die_name(d) for d in range(NUM_DICE)] == [
        "blue die 1", "blue die 2", "white die 1", "white die 2", "black die 1", "black die 2"]
    # a die's name and colour are those of the programming options and of the view's dice
    while s.decision().kind != "program":
        s.apply(s.decision().options[0].action)
    program = [o for o in s.decision().options if "slot" in o.data]
    assert {o.data["die"] for o in program} == set(range(NUM_DICE))
    assert all(o.label == f"{help_['die_names'][o.data['die']]} on action {o.data['slot'] + 1}" for o in program)
    s.apply(encode_program(4, 0))
    placed = s.view(0)["turn"]["dice"]
    assert placed and all(d["colour"] == help_["die_colours"][d["die"]] for d in placed)
    with using("hu"):
        hu = GAME.new_state(3, 1).view(0)["help"]
    assert hu["die_names"][4] == "1. fekete kocka" and hu["die_colours"] == help_["die_colours"]
    js = RENDERER.read_text(encoding="utf-8")
    assert not re.search(r"\b(AIR|SAFE|HAZARD|ROCK|TUNNEL|TUNNEL_HAZ|DIE_COLOURS)\b", js)
    assert not re.search(r"%\s*2\s*\+\s*1|\bk\$\{k\}|\[\s*\"blue\",\s*\"blue\"", js)


def test_the_defenders_barriers_stand_between_their_boxes_and_the_mmm():
    """Where the table draws each living defender's force barrier comes with the help: on the edge
    of the defender box towards the MMM (the ring's start on the left, its end on the right), since
    the barrier stands behind the defender: a marine may enter its box but not go on past it (RB:
    The red defenders; ruling 3), on the whole board and on half of it; the renderer puts no
    barrier at a column of its own."""
    import re

    from cosmodrome.games.mars.state import D_LEFT, D_RIGHT, SIDE_ZONES
    for players in (3, 2):
        v = GAME.new_state(players, 1).view(0)
        barriers = v["help"]["zones"]["barriers"]
        assert barriers == {"left": {"zone": D_LEFT, "edge": "start"}, "right": {"zone": D_RIGHT, "edge": "end"}}
        assert [barriers[side]["zone"] for side in ("left", "right")] == [z[0] for z in SIDE_ZONES]
        assert set(barriers) == set(v["help"]["zones"]["defenders"].values())
        zones = {z["zone"]: z for z in v["zones"]}
        n = len(v["ring"]["columns"])
        for d in v["defenders"]:
            z = zones[barriers[d["side"]]["zone"]]
            # the defender box is the ring's last box on its side: its outer edge is the ring's end
            assert (z["first"] == 0) if d["side"] == "left" else (z["first"] + z["width"] == n)
    js = RENDERER.read_text(encoding="utf-8")
    assert not re.search(r"g\.n\s*-\s*1|===\s*\"left\"\s*\?\s*\d", js)
