/** The time source of the domain code; tests inject a controllable one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
