// The guided first games ("Learn to play" in the lobby), one script a game: the prepared position
// (a seed, two seats, the other a random bot) and its opening decisions, step by step. A step is
// data, read by tour.js: the decision ``kind`` it explains, a ``title``, ``what`` the decision is,
// ``why`` one might choose the suggested option, and ``pick``, the option suggested (``label``: a
// pattern its label matches; ``data``: values its data holds). The suggested option is marked in
// the decision panel and, where the board draws it, on the board. A step whose pick is not offered
// (the bot took that die first) falls back to the first-game hint's first kind of option.
// The words are ours; the rules they teach are cited per game (../shared/rules/...). They are
// read in the reader's language (the catalog is loaded before this module runs).
import { pgettext, t } from "./api.js";

// A pick's label pattern is matched against the option's label as the reader reads it: each has
// its own pattern in the catalog (context "tour pick": a regular expression, e.g. "^Kék hajó").

export const TOURS = {
  // Onward to Venus (onward-to-venus-summary.md: "Player actions", "Move military units", "Claim 1 tile", "Collect income", "Ending the game")
  venus: {
    seed: 20, players: 2,
    steps: [
      { kind: "action", title: t("Your action"), pick: { data: { verb: "move" } },
        what: t("Each turn you take one action: move, claim, build, play an action card or take a pass cube. Turns go round until the pass cubes run out."),
        why: t("Every planet's tiles are won by empires with units in its orbit, and all your units start at Earth. Moving first puts you where the tiles are.") },
      { kind: "move_from", title: t("Where the group leaves from"), pick: { data: { planet: "Earth" } },
        what: t("A group travels from one planet's orbit. It needs at least one spaceship; your starting units wait at Earth."),
        why: t("Earth is the only orbit where you have units yet, so the group leaves from there. Earth is lit on the board.") },
      { kind: "move_ships", title: t("How many spaceships"), pick: { data: { count: 1 } },
        what: t("Spaceships carry the group: one is enough, however many infantry ride along."),
        why: t("One ship goes; the other stays at Earth, ready for a second group on a later turn.") },
      { kind: "move_infantry", title: t("How many infantry ride along"), pick: { data: { count: 2 } },
        what: t("Infantry ride in the spaceships for free. Units in a planet's orbit are what you commit when you claim a tile there."),
        why: t("Two infantry give the claim some strength and keep two at home.") },
      { kind: "move_dest", title: t("Where to"), pick: { data: { planet: "Mars" } },
        what: t("The group may go up to your movement allowance along the line of planets. Stopping before the allowance is used up lets you claim a tile there at once."),
        why: t("Mars is one planet from Earth, short of your allowance of two, so you may claim there on arrival. At scoring, Mars gives 11 points to the empire with the highest income there.") },
      { kind: "move_claim", title: t("Claim a tile on arrival"), pick: { label: pgettext("tour pick", "mine") },
        what: t("Claiming a tile is a fight against the tile's defence: dice are rolled, and you commit units and combat cards until you reach its cost."),
        why: t("A mine brings £3 every income phase: money for more units, and income on a planet is what wins its points.") },
      { kind: "combat", title: t("The claim's combat"), pick: { label: pgettext("tour pick", "^Commit an infantry") },
        what: t("The dice and your committed units add up against the tile's cost. You may add units from the orbit or play combat-point cards; 'Done' resolves the claim as it stands."),
        why: t("Committing an infantry adds its strength to the claim. Watch the cost and the paid total in the prompt; stop when you have enough.") },
    ],
  },

  // Cosmic Run: Rapid Fire (cosmic-run-rapid-fire.md: "Phase II: action phase", "Movement die", "Technologies", "Cargo bay")
  "cosmic-run": {
    seed: 20, players: 2,
    steps: [
      { kind: "draft", title: t("Take an action die"), pick: { data: { tech: "navigational control" } },
        what: t("The round's action dice lie in a pool; you and your opponent take one each in turn and use it at once."),
        why: t("A mine sits right above each of your ships (column B, row 1), and a ship only steps diagonally with navigational control. This die gives you that technology, and every technology also scores.") },
      { kind: "die", title: t("Use, store or re-roll"), pick: { data: { kind: "use" } },
        what: t("You hold the die: use it now, put it in the cargo bay (two stored dice become a technology of your choice) or spend one of your four re-rolls on it."),
        why: t("Using it marks navigational control on your sheet right away, so your next movement die can go round the mine.") },
      { kind: "draft", title: t("A movement die"), pick: { data: { colour: "blue" } },
        what: t("A movement die moves the ship of its colour up to its number of circles."),
        why: t("With navigational control held, the blue ship can now step diagonally past the mine and start climbing towards its planet.") },
      { kind: "die", title: t("Use the movement die"), pick: { data: { kind: "use" } },
        what: t("The same choice as before: use, store or re-roll."),
        why: t("Use it: the ship moves now, and a ship higher up the track scores more.") },
      { kind: "move", title: t("Step by step"), pick: { label: "A1" },
        what: t("The ship moves one circle at a time, each step costing a pip; you may stop early. The lit circles on your sheet are the steps open to it."),
        why: t("Diagonally up-left to A1 goes round the mine in B1, using the technology you just took.") },
      { kind: "move", title: t("Climb on"), pick: { label: pgettext("tour pick", "^Blue ship") },
        what: t("One pip is left."),
        why: t("Straight up is open now: every row climbed is worth more points at the end.") },
    ],
  },

  // Walking on the Moon (walking-on-the-moon-and-march-on-mars.md: "How do I jump?", "What's an accident?")
  moon: {
    seed: 20, players: 2,
    steps: [
      { kind: "program", title: t("Program your dice"), pick: { label: pgettext("tour pick", "blue die on the first jump") },
        what: t("Before rolling anything, you lay your dice on your jump card: each jump is rolled on its own, and you then move by one of its dice."),
        why: t("A blue die moves straight ahead, never up or down: on the flat ground ahead of you it is the safe start.") },
      { kind: "program", title: t("A second die on the same jump"), pick: { label: pgettext("tour pick", "white die on the first jump") },
        what: t("More dice on one jump give you more numbers to choose from when it is rolled."),
        why: t("A white die steps down a level: with it beside the blue one, the first jump has two ways to land on a circle.") },
      { kind: "program", title: t("A second jump"), pick: { label: pgettext("tour pick", "blue die on the second jump") },
        what: t("Dice on the second jump give you a jump after the first, if you choose to go on."),
        why: t("A blue die again: straight ahead is the move least likely to end in an accident.") },
      { kind: "program", title: t("Your last die"), pick: { label: pgettext("tour pick", "white die on the second jump") },
        what: t("The last die to place. When it is down, the first jump is rolled at once."),
        why: t("Two dice on the second jump keep it as safe as the first.") },
      { kind: "pick", title: t("Choose the move"), pick: { data: { outcome: "safe" } },
        what: t("The first jump's dice are rolled. Each option is one die's move; the strip lights the box it lands on. A box without a circle is an accident, marked ⚠."),
        why: t("This move lands on a circle: safe, and your turn may go on.") },
      { kind: "go-on", title: t("Jump again or stop"), pick: { label: pgettext("tour pick", "^Make the second jump") },
        what: t("Your jump landed safely. Stopping keeps what you have; the next jump may win ground or end in an accident."),
        why: t("Your second jump holds a blue and a white die, so the chance of a safe landing is good. Stopping is the safe choice when a jump looks bad.") },
      { kind: "pick", title: t("The second jump"), pick: { data: { outcome: "safe" } },
        what: t("The same choice as before, with the second jump's dice."),
        why: t("A safe landing again; after it, the turn passes to your other astronaut and to the bot.") },
    ],
  },

  // March on Mars (walking-on-the-moon-and-march-on-mars.md: "Special training", "Landing", "The turn")
  mars: {
    seed: 20, players: 2,
    steps: [
      { kind: "training", title: t("Special training"), pick: { label: pgettext("tour pick", "Orbital bombing") },
        what: t("Each marine keeps one of its card's two abilities for the whole game."),
        why: t("Orbital bombing clears every alien off one martian card, once a game: a rescue when the aliens close in on the base.") },
      { kind: "landing", title: t("Where you land"), pick: { label: pgettext("tour pick", "column 4") },
        what: t("Your marine starts in one of the Landing Zone's boxes (lit on the ring). Marines in one box help each other."),
        why: t("Column 4 is the Landing Zone's edge towards the Dunes, so the first steps forward lead straight onto the martian cards.") },
      { kind: "next-marine", title: t("Who acts first"), pick: { label: pgettext("tour pick", "^Red marine") },
        what: t("Each round the team chooses which marine acts next."),
        why: t("You go first, to see a whole turn before the bot's marine takes its own.") },
      { kind: "program", title: t("Program an action"), pick: { label: pgettext("tour pick", "^blue die 1 on action 1") },
        what: t("You lay up to four dice on your three actions; each action is rolled on its own. A blue die shows 1 to 3."),
        why: t("A blue die on action 1 gives you a move or a shot of up to three boxes.") },
      { kind: "program", title: t("A second die on the action"), pick: { label: pgettext("tour pick", "^white die 1 on action 1") },
        what: t("More dice on one action give more numbers to choose from, and equal numbers shoot together."),
        why: t("A white die (1 or 2) beside the blue one gives action 1 a short step as well as a long one.") },
      { kind: "program", title: t("Roll"), pick: { label: pgettext("tour pick", "^done") },
        what: t("When your dice are placed, the first action is rolled."),
        why: t("Two dice on one action are enough for a first turn: fewer actions mean fewer forced rolls.") },
      { kind: "act", title: t("Move or shoot"), pick: { label: pgettext("tour pick", "^shoot") },
        what: t("The action's dice are rolled: move with one die, or shoot with a group of equal numbers (the number is the distance, the size of the group the hits). The lit boxes on the ring are where each choice lands or hits."),
        why: t("An alien stands in the box right ahead: shooting it at range 1 keeps it off the base.") },
      { kind: "go-on", title: t("Go on or stop"), pick: { label: pgettext("tour pick", "^stop the turn here") },
        what: t("The action is over. A roll must be used if it can be, so rolling on can force a bad move."),
        why: t("Nothing more is programmed: stop here, and the bot's marine takes its turn.") },
    ],
  },
};

/** The script of ``game``, or null. */
export function tourOf(game) { return TOURS[game] || null; }
