/**
 * The contract's zod: `zod/mini`, with zod's English messages installed. Every schema module
 * imports `z` from here, never from 'zod' or 'zod/mini' directly (eslint holds it), so the messages
 * come with the first schema wherever the contract is imported: the server's error bodies, the web
 * app's form messages and the tests. Classic zod installs the English locale when it is imported;
 * mini leaves messages to the app, and without it every issue reads "Invalid input".
 *
 * Mini and not classic: classic zod puts every method on every schema, so a page that parses
 * one response downloads all of zod (docs/decisions/0039-zod-mini-contract.md). The side effect is
 * why package.json lists this file under sideEffects.
 */
import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };
