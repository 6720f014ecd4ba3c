// What a graded figure means, in the words every screen shows it with (decision records 0058
// and 0059): the coach's sidebar, the shoe report, the bet panel and the mistakes list say the
// same thing about the same number.

/** The edge given away (ADR 0059): only the plays the coach would change count. */
export const EDGE_GIVEN_AWAY_MEANS =
  "Edge given away: what the plays the coach would change cost in expectation, each against the best play by the cards seen; a play that is the coach's gives nothing away.";

/** A bet's grade and cost (ADR 0058). */
export const BET_GRADE_MEANS =
  "A bet is on your ramp within half a unit of its bet. Its cost is the expectation it gives away against the ramp's bet: over the ramp at an advantage, or under it at a disadvantage, gives none away, it only takes more or less risk than your ramp plans.";
