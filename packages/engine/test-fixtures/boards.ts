/**
 * Hand-built boards for the rulebooks' worked cases (the run-points rules and the complete guide, see
 * docs/rules.md). Each comes with the log that plays it and, in comments, what happens. They are inputs: the
 * expected scores in the tests come from the rulebooks.
 */

/**
 * The columns of the two clearing boards below (a line a column, its exposed card last). Layer by layer from the
 * front they hold 2C..KC, 2D..KD and 2H..QH in order, so each run takes the columns in turn.
 */
const CLUB_RUNS = `6H JD 4D 9C 2C
7H QD 5D TC 3C
8H KD 6D JC 4C
9H 2H 7D QC 5C
TH 3H 8D KC 6C
JH 4H 9D 2D 7C
QH 5H TD 3D 8C
`;

/**
 * Classic. Waste AC. Run 2C..KC (12 plays); 12 dead draws (AS..QS), draw AD, run 2D..KD (12); draw AH,
 * run 2H..QH (11): the 35th card is played with KS and KH still in the stock.
 */
export const CLEAR_TWO_LEFT = `Foundations: AC
Talon: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS AD AH KS KH
${CLUB_RUNS}`;
export const CLEAR_TWO_LEFT_LOG = '123456712345ddddddddddddd671234567123d45671234567';

/** As above, but 13 dead draws, AD, the run, KH (dead) and finally AH, the last stock card, starts the clearing run. */
export const CLEAR_ON_LAST = `Foundations: AC
Talon: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AD KH AH
${CLUB_RUNS}`;
export const CLEAR_ON_LAST_LOG = '123456712345dddddddddddddd671234567123dd45671234567';

/**
 * Classic. Runs 2C..KC, (draw AD) 2D..KD, (draw AH) 2H..8H, then the fourteen remaining stock cards are drawn.
 * Left on the board: KS in front of 9H (column 1), KH (column 2) and 5S (column 3); the last waste card, JH,
 * takes none of them and the stock is empty.
 */
export const FOUR_LEFT = `Foundations: AC
Talon: AD AH AS 2S 3S QS 4S 6S 7S 8S QH 9S TS JS TH JH
9H KS 4D 9C 2C
KH JD 5D TC 3C
5S QD 6D JC 4C
5H KD 7D QC 5C
6H 2H 8D KC 6C
7H 3H 9D 2D 7C
8H 4H TD 3D 8C
`;
export const FOUR_LEFT_LOG = '123456712345d671234567234d5674567dddddddddddddd';

/**
 * Waste 5C; columns 1..7 expose 6C 7C 8C 9C TD JD QD and column 1 holds KD behind its 6C. The first stock card
 * is 9D. `12345671` plays 6C..KD as one run of eight; `1234d5671` plays two runs of four around a draw.
 * No column is emptied. A King on a Queen is legal under every preset.
 */
export const RUN_OF_EIGHT = `Foundations: 5C
Talon: 9D AC 3C TC QC AD 3D 5D 7D AH 3H 5H 7H 9H JH KH
2S 4S 6S KD 6C
8S TS QS 2C 7C
4C JC KC 2D 8C
4D 6D 8D 2H 9C
4H 6H 8H TH TD
QH AS 3S 5S JD
7S 9S JS KS QD
`;

/** Deal 1's columns (generator v1): the same under every preset. */
const DEAL_1_COLUMNS = `6H TH KS 2H QD
KD TD 6C 9S JD
AS AD 3H JC AC
4C 5D JS JH 2S
3C QS 4S 6S QH
8D AH 7C TC KC
QC 6D 7S 2D 4H
`;

/**
 * Deal 1's board text (classic, generator v1), the golden vector pinned by deal.test.ts and reused by the game
 * and CLI tests. Waste 8H; exposed QD JD AC 2S QH KC 4H; the stock starts 9D 2C.
 */
export const DEAL_1_BOARD = `Foundations: 8H
Talon: 9D 2C 9H 9C 7D TS 4D 8C 5C KH 8S 5H 3D 3S 5S 7H
${DEAL_1_COLUMNS}`;

/** Deal 1 under the free opening (turn-the-corner): no waste card, the 8H goes first in the stock. */
export const DEAL_1_FREE_BOARD = `Foundations: -
Talon: 8H 9D 2C 9H 9C 7D TS 4D 8C 5C KH 8S 5H 3D 3S 5S 7H
${DEAL_1_COLUMNS}`;

/**
 * A board file as black-hole-solver's own tests write it: `Talon:` first, some column lines with `: `.
 * That solver clears it with wrap-around ranks.
 */
export const BHS_BOARD = `Talon: 6D KC KS AH AC KD 4S 8D 8H JD TC AD QH 4C JS 2C
Foundations: 5S
9D TS 5C 7D 7H
: 3S 6S 5D QC 7S
9S 6C 3H JC 9H
: QD 7C 5H 3C QS
AS KH 2H TH TD
4H 8C 6H 2D 2S
9C 4D 8S JH 3D
`;
