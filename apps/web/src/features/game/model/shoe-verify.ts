// The shoe's fairness check (sha256 of its order and salt), imported by the proof panel when the
// player first asks for a check: the engine's shoe and sha256 modules then stay out of the
// server table's first load (docs/decisions/0036-first-load-cuts.md).
export { verifyShoeReveal } from '@card-counter/engine';
