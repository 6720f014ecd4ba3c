// The analyser's memo keys: a composition named by the cards removed from a shoe, as
// mixed-radix digits per card value (draw() and undraw() keep them up to date by adding and
// subtracting one digit).
import { SHARED_EXTRA_MAX } from './dealer-rows.ts';

// Keys of the cards removed from an analysis's own shoe: small enough to stay a V8 small
// integer (fast Map hashing). Removed cards never total more than 31 (a hand of at most 21
// before its last card plus a split partner), which bounds each count below its radix;
// draw() asserts it.
export const RADIX = [1, 33, 17, 11, 8, 7, 6, 5, 4, 4, 4];
export const DIGIT = Int32Array.from({ length: 11 }, (_, v) => RADIX.slice(0, v).reduce((a, b) => a * b, 1));
// The dealer rows' keys: cards removed from the root analysis's shoe, which a sharing
// sub-analysis exceeds by at most SHARED_EXTRA_MAX of a value (product 4.9e12: exact doubles).
const ROOT_RADIX = RADIX.map((r) => r + SHARED_EXTRA_MAX);
export const ROOT_DIGIT = Float64Array.from({ length: 11 }, (_, v) => ROOT_RADIX.slice(0, v).reduce((a, b) => a * b, 1));
