// words.js: the sentences the pages say.
import assert from "node:assert/strict";
import {test} from "node:test";
import {counted, fieldWords, listed, ordinal, plainWords, tiebreakLines, toDo, whoActs, winnerLine}
  from "../../web_panel/static/js/words.js";

test("a refusal reads as a sentence, without the code of the field it is about", () => {
  assert.deepEqual(["compositions.raw_goods: the Raw Good deck has 69 cards, not 68",
    "first: the second-youngest player starts, but two players were born in the same year",
    "players[1].coins_in_hand: each item one of 0 to 5", "Enter Ada's roll-off dice: roll-off dice: 1 to 6",
    "the Ducats printed on the tile"].map(plainWords),
  ["the Raw Good deck has 69 cards, not 68", "the second-youngest player starts, but two players were born in the same year",
    "each item one of 0 to 5", "Enter Ada's roll-off dice: roll-off dice: 1 to 6", "the Ducats printed on the tile"]);
});

test("counts, lists and places in words", () => {
  assert.deepEqual([counted(1, "vote"), counted(3, "vote"), counted(-1, "coin"), counted(2, "die", "dice")],
                   ["1 vote", "3 votes", "-1 coin", "2 dice"]);
  assert.deepEqual([listed([]), listed(["Ada"]), listed(["Ada", "Bea"]), listed(["Ada", "Bea", "Cy"])],
                   ["", "Ada", "Ada and Bea", "Ada, Bea and Cy"]);
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinal),
                   ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"]);
});

test("what a phone must do: its one option, or how many choices, the corrections not counted", () => {
  const fix = {label: "Set Ada's coins", group: "Corrections"};
  assert.equal(toDo([{label: "Draw a gem"}, fix]), "Draw a gem.");
  assert.equal(toDo([{label: "Draw"}, {label: "Score"}, fix]), "2 choices below.");
  assert.equal(toDo([fix]), "");
});

test("who acts: everyone, the acting players, or the table at its step", () => {
  const players = [{name: "Ada"}, {name: "Bea"}, {name: "Cy"}];
  assert.equal(whoActs({players, acting: [0, 1, 2]}), "Everyone acts.");
  assert.equal(whoActs({players, acting: [0, 2]}), "Ada and Cy act.");
  assert.equal(whoActs({players, acting: [1]}), "Bea acts.");
  assert.equal(whoActs({players, acting: [], step_label: "Set out the yard"}), "Set out the yard: the table acts.");
});

test("the winner and the tie-breaks that decided, in the game's words", () => {
  const result = {winner: ["Ada"], ranking: [["Ada"], ["Bea", "Cy"]], totals: {Ada: 12, Bea: 9, Cy: 9},
                  words: {total: ["1 Gold", "{n} Gold"]},
                  tiebreaks: [{above: ["Ada"], below: ["Dan"], label: "more Ducats", values: {Ada: 3, Dan: 1}}]};
  assert.equal(winnerLine(result), "Ada wins");
  assert.equal(winnerLine({winner: ["Ada", "Bea"]}), "Ada and Bea share the win");
  assert.equal(winnerLine({}), "No winner yet");
  assert.deepEqual(tiebreakLines(result), ["Tied on 12 Gold: Ada ahead of Dan with more Ducats (3 to 1).",
                                           "Bea and Cy: 9 Gold each, nothing separates them: they share 2nd place."]);
});

test("a score sheet's field in words: the player's name, an item of a list", () => {
  const players = [{name: "Ada"}, {name: "Bea"}];
  assert.equal(fieldWords("players[1].coins_in_hand", players), "Bea's coins in hand");
  assert.equal(fieldWords("players[0].roll_off[2]", players), "Ada's roll-off, item 3");
  assert.equal(fieldWords("players[4].bridges", players), "player 5's bridges");
  assert.equal(fieldWords("options.winner_tie", players), "options: winner tie");
});
