// How fast bots play at a table made in the lobby (docs/PROTOCOL.md `create` `bot_delay_ms`): the
// server shows each bot move no sooner than this after the bot's turn began, so a person sees it.
export const kBotSpeeds: { label: string; ms: number }[] = [
  { label: 'Normal (0.7 s a move)', ms: 700 },
  { label: 'Fast (0.3 s a move)', ms: 300 },
  { label: 'Instant', ms: 0 },
];

/** The lobby's default: a person sees each bot move. */
export const kDefaultBotDelayMs = 700;
