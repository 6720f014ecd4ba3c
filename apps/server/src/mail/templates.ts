import type { Mail } from './types.ts';

export function verificationMail(to: string, name: string, link: string): Mail {
  return {
    to,
    link,
    subject: 'Verify your email for Card Counter',
    text: `Hello ${name},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\nIf you did not create a Card Counter account, you can ignore this mail.\n`,
  };
}

export function passwordResetMail(to: string, name: string, link: string, expires_minutes: number): Mail {
  return {
    to,
    link,
    subject: 'Reset your Card Counter password',
    text: `Hello ${name},\n\nTo choose a new password, open this link (valid for ${expires_minutes} minutes, usable once):\n\n${link}\n\nIf you did not ask for a password reset, you can ignore this mail; your password is unchanged.\n`,
  };
}
