/**
 * What a player's name may be, wherever one is set (sign-up, better-auth's update-user,
 * PATCH /api/me): docs/decisions/0046-names-and-session-tokens.md.
 *
 * - Stored in NFKC, trimmed: the fancy-font and full-width forms of a letter are that letter.
 * - No character that cannot be seen or that reorders the text around it: format characters
 *   (bidi overrides, isolates and marks, zero-width spaces and joiners, soft hyphens, tags),
 *   every other default-ignorable code point (Hangul fillers, variation selectors, ...),
 *   line and paragraph separators, spaces other than U+0020, private-use, unassigned and lone
 *   surrogate code points. One exception: in a display name an emoji may carry its text or
 *   emoji presentation selector (U+FE0E, U+FE0F), which phones add on their own.
 *   Control characters keep their older answer (400 VALIDATION_FAILED).
 * - Not a reserved name (RESERVED_NAMES), compared by confusable key with `_ . -` and spaces
 *   left out, so "Card_Counter", "ADMIN" and "аdmin" (Cyrillic а) are all refused.
 * - Usernames are unique by confusable key (profiles.username_key, migration 0023).
 */
import { AppError } from '@card-counter/shared';
import unhomoglyph from 'unhomoglyph';

export const NAME_MAX = 40;

/** Names nobody may take as a display name or a username, nor anything that looks like one. */
export const RESERVED_NAMES: readonly string[] = [
  'admin',
  'administrator',
  'support',
  'moderator',
  'mod',
  'system',
  'root',
  'staff',
  'Card Counter',
  'cardcounter',
];

export type NameKind = 'displayName' | 'username';

/** Not allowed anywhere in a name (\p{Cc} is checked apart: it has its own, older answer). */
const HIDDEN_CLASSES = '\\p{Cf}\\p{Zl}\\p{Zp}\\p{Co}\\p{Cs}\\p{Cn}\\p{Default_Ignorable_Code_Point}';
const HIDDEN = new RegExp(`[${HIDDEN_CLASSES}]|(?! )\\p{Zs}`, 'u');
/** The same before NFKC, so the answer names the character as typed (NFKC turns other spaces into U+0020). */
const HIDDEN_AS_TYPED = new RegExp(`[${HIDDEN_CLASSES}]`, 'u');
/** A presentation selector right after an emoji: allowed in display names only. */
const EMOJI_PRESENTATION = /(\p{Extended_Pictographic})[\uFE0E\uFE0F]/gu;

/** TR39's skeleton: NFD, each character replaced by its prototype (confusables.txt), NFD again. */
export function skeleton(s: string): string {
  return unhomoglyph(s.normalize('NFD')).normalize('NFD');
}

/**
 * The key two names are compared by: the skeleton of the NFKC, lower-cased name, lower-cased
 * again (some prototypes are capitals). Case is folded first, as the older lower(username)
 * index does, so "ZEDD", "zedd" and "zеdd" (Cyrillic е) share one key.
 * Changing this function (or the table's version) changes stored keys: a new migration must
 * recompute profiles.username_key (ADR 0046).
 */
export function confusableKey(s: string): string {
  return skeleton(s.normalize('NFKC').toLowerCase()).toLowerCase();
}

const SEPARATORS = /[\s_.-]+/gu;
const RESERVED_KEYS: ReadonlySet<string> = new Set(RESERVED_NAMES.map(reservedKey));

function reservedKey(name: string): string {
  return confusableKey(name).replace(SEPARATORS, '');
}

export function isReservedName(name: string): boolean {
  return RESERVED_KEYS.has(reservedKey(name));
}

/** The first character a name of this kind may not hold (as typed, then once normalised), or undefined. */
export function hiddenCharacter(raw: string, kind: NameKind): string | undefined {
  const allowed = (s: string) => (kind === 'displayName' ? s.replace(EMOJI_PRESENTATION, '$1') : s);
  return HIDDEN_AS_TYPED.exec(allowed(raw))?.[0] ?? HIDDEN.exec(allowed(raw.normalize('NFKC').trim()))?.[0];
}

/**
 * A name from elsewhere (a Google profile, an e-mail address) made storable: NFKC, every
 * control and hidden character left out, other spaces made plain. Sign-up from Google cannot
 * be refused for the name Google holds, so it is cleaned instead.
 */
export function withoutHidden(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(new RegExp(`[\\p{Cc}${HIDDEN_CLASSES}]`, 'gu'), '')
    .replace(/\p{Zs}/gu, ' ')
    .trim();
}

/** PatchMeSchema's username rule, checked again once NFKC may have changed the name. */
const USERNAME_CHARACTERS = /^[\p{L}\p{N}_.-]+$/u;

/**
 * Before the request schema: a hidden character in `displayName` or `username` is answered
 * with its own code, not with the schema's generic one (the username pattern would refuse
 * most of them as "not a letter" with VALIDATION_FAILED, but not a Hangul filler, a letter).
 */
export function refuseHiddenCharacters(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  for (const kind of ['displayName', 'username'] as const) {
    const value = (body as Record<string, unknown>)[kind];
    if (typeof value !== 'string') continue;
    const hidden = hiddenCharacter(value, kind);
    if (hidden !== undefined)
      throw new AppError('NAME_CHARACTERS_NOT_ALLOWED', undefined, { field: `body.${kind}`, character: codePoint(hidden) });
  }
}

function codePoint(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The name as stored (NFKC, trimmed), or an AppError: 400 NAME_CHARACTERS_NOT_ALLOWED
 * (details: field and the character's code point), 400 NAME_RESERVED (details: field),
 * 400 VALIDATION_FAILED (control characters, empty or too long once normalised). The two new
 * codes answer with the catalogue's message, which the web shows as it is. `field` names the
 * field (e.g. "body.displayName").
 */
export function checkName(raw: string, kind: NameKind, field: string): string {
  const name = raw.normalize('NFKC').trim();
  if (/\p{Cc}/u.test(name)) throw new AppError('VALIDATION_FAILED', `${field}: must not contain control characters`);
  const hidden = hiddenCharacter(raw, kind);
  if (hidden !== undefined)
    throw new AppError('NAME_CHARACTERS_NOT_ALLOWED', undefined, { field, character: codePoint(hidden) });
  if (name.length === 0) throw new AppError('VALIDATION_FAILED', `${field}: must not be empty`);
  if (name.length > NAME_MAX) throw new AppError('VALIDATION_FAILED', `${field}: must be at most ${NAME_MAX} characters`);
  if (kind === 'username' && !USERNAME_CHARACTERS.test(name))
    throw new AppError('VALIDATION_FAILED', `${field}: may contain only letters, digits, _ . and -`);
  if (isReservedName(name)) throw new AppError('NAME_RESERVED', undefined, { field });
  return name;
}
