import { messages } from '../lib/messages.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateLimitRule {
  /** The Spanish answer of a 429: it names what was limited. */
  message: string;
  /** Counted per signed-in account (a guest has none). */
  perAccount: Limit[];
  /** Counted per client address (TRUST_PROXY decides which address that is). */
  perIp: Limit[];
}

/**
 * Every limit on what a script could repeat, in one table. The numbers are meant to sit far above
 * what a person does by hand and far below what a script does:
 * - per account, roughly what a fast, very active person does in a burst (a minute) and over a
 *   sitting (an hour or a day), with room to spare: a creator answering comments on a new post, a
 *   new member following suggested accounts, a creator publishing a day's stories;
 * - per address, several times the per-account numbers, because one address can be a household, an
 *   office or a mobile carrier's shared address (CGNAT) with many people behind it;
 * - registrations per address only (there is no account yet): a household opens a handful of accounts,
 *   not ten in an hour.
 * Short windows stop bursts, long ones stop a script that paces itself just under the short limit.
 * RATE_LIMIT_SCALE multiplies every `max` (0 switches these limits off, e.g. for tests and benchmarks).
 * Direct messages per sender stay MESSAGES_PER_MINUTE (its own setting, not scaled).
 */
export const RATE_LIMIT_RULES = {
  // One person needs one account; 40 in a row from one address is a script.
  register: { message: messages.registrationsLimited, perAccount: [], perIp: [{ max: 10, windowMs: HOUR }, { max: 30, windowMs: DAY }] },
  // Typing a comment takes seconds: 20 a minute is a quick back-and-forth; 300 an hour is a creator
  // answering every comment on a popular post.
  comment: {
    message: messages.commentsLimited,
    perAccount: [{ max: 20, windowMs: MINUTE }, { max: 300, windowMs: HOUR }],
    perIp: [{ max: 60, windowMs: MINUTE }, { max: 1000, windowMs: HOUR }],
  },
  // A post is chosen, cropped and described by hand: 30 an hour is a busy photo dump.
  postUpload: {
    message: messages.postUploadsLimited,
    perAccount: [{ max: 30, windowMs: HOUR }, { max: 100, windowMs: DAY }],
    perIp: [{ max: 60, windowMs: HOUR }, { max: 300, windowMs: DAY }],
  },
  // Stories come in bursts at an event; 100 a day is the most a large platform allows.
  storyUpload: {
    message: messages.storyUploadsLimited,
    perAccount: [{ max: 50, windowMs: HOUR }, { max: 100, windowMs: DAY }],
    perIp: [{ max: 100, windowMs: HOUR }, { max: 500, windowMs: DAY }],
  },
  // A reply is a direct message: the same pace as messages, a few hundred an hour at most.
  storyReply: {
    message: messages.storyRepliesLimited,
    perAccount: [{ max: 30, windowMs: MINUTE }, { max: 300, windowMs: HOUR }],
    perIp: [{ max: 60, windowMs: MINUTE }, { max: 1000, windowMs: HOUR }],
  },
  // Follow and unfollow both count: following the suggestions of a new account is a few dozen taps;
  // hundreds an hour is follow-spam (large platforms stop around 150-200 an hour).
  follow: {
    message: messages.followsLimited,
    perAccount: [{ max: 30, windowMs: MINUTE }, { max: 200, windowMs: HOUR }],
    perIp: [{ max: 100, windowMs: MINUTE }, { max: 600, windowMs: HOUR }],
  },
  // Blocking and unblocking: someone under a harassment wave blocks dozens in a sitting, so the limit
  // only stops a script (blocks remove follows, so toggling them is follow-spam by another door).
  block: {
    message: messages.blocksLimited,
    perAccount: [{ max: 60, windowMs: MINUTE }, { max: 1000, windowMs: DAY }],
    perIp: [{ max: 120, windowMs: MINUTE }, { max: 2000, windowMs: DAY }],
  },
  // Per sender: MESSAGES_PER_MINUTE a minute, its own setting (added by effectiveRules); per address,
  // a few people chatting at once.
  message: { message: messages.messagesTooFast, perAccount: [], perIp: [{ max: 120, windowMs: MINUTE }] },
  // A report is chosen and explained by hand: a handful in a sitting is a lot (a spam wave seen in a
  // feed), dozens an hour is a script flooding the queue.
  report: {
    message: messages.reportsLimited,
    perAccount: [{ max: 10, windowMs: MINUTE }, { max: 60, windowMs: DAY }],
    perIp: [{ max: 30, windowMs: MINUTE }, { max: 300, windowMs: DAY }],
  },
  // Reports without an account, counted per contact address ("perAccount" here) and per address:
  // someone without an account reports what they stumbled on, a few times a day at most.
  guestReport: {
    message: messages.guestReportsLimited,
    perAccount: [{ max: 5, windowMs: HOUR }, { max: 10, windowMs: DAY }],
    perIp: [{ max: 10, windowMs: HOUR }, { max: 30, windowMs: DAY }],
  },
  // Forgotten-password mail, counted per address asked for ("perAccount" here) and per address: a
  // person asks again once or twice; more is someone filling another person's inbox.
  passwordReset: {
    message: messages.passwordResetsLimited,
    perAccount: [{ max: 3, windowMs: HOUR }, { max: 10, windowMs: DAY }],
    perIp: [{ max: 10, windowMs: HOUR }, { max: 50, windowMs: DAY }],
  },
  // Confirmation links (a new address, or the link sent again): a person asks once or twice; a
  // session sending links to address after address is someone using WAG to mail strangers.
  emailConfirmation: {
    message: messages.emailConfirmationsLimited,
    perAccount: [{ max: 3, windowMs: HOUR }, { max: 10, windowMs: DAY }],
    perIp: [{ max: 10, windowMs: HOUR }, { max: 50, windowMs: DAY }],
  },
  // A data export reads everything an account has: a person downloads it once, maybe again to check.
  accountExport: {
    message: messages.exportsLimited,
    perAccount: [{ max: 3, windowMs: HOUR }, { max: 10, windowMs: DAY }],
    perIp: [{ max: 10, windowMs: HOUR }, { max: 50, windowMs: DAY }],
  },
  // Payments: a person pays a few times and retries a mistyped card; many attempts in a row are
  // someone testing stolen card numbers (carding), which processors punish the merchant for.
  payment: {
    message: messages.paymentsLimited,
    perAccount: [{ max: 10, windowMs: HOUR }, { max: 30, windowMs: DAY }],
    perIp: [{ max: 20, windowMs: HOUR }, { max: 60, windowMs: DAY }],
  },
  // A payout request is a deliberate act of a creator: a few a day at most; more is a script
  // probing the balance.
  payout: {
    message: messages.payoutsLimited,
    perAccount: [{ max: 5, windowMs: MINUTE }, { max: 20, windowMs: DAY }],
    perIp: [{ max: 20, windowMs: MINUTE }, { max: 100, windowMs: DAY }],
  },
  // Identity documents: one request is pending at a time, so this only stops a script retrying
  // rejected or failed uploads (each carries three large images to encrypt and store).
  identityVerification: {
    message: messages.identityRequestsLimited,
    perAccount: [{ max: 5, windowMs: HOUR }, { max: 10, windowMs: DAY }],
    perIp: [{ max: 20, windowMs: HOUR }, { max: 50, windowMs: DAY }],
  },
} satisfies Record<string, RateLimitRule>;

export type RateLimitedAction = keyof typeof RATE_LIMIT_RULES;

/**
 * The table as this server applies it: every `max` times `scale` (at least 1), the message limit
 * per sender from its own setting; null when `scale` is 0 (limits off).
 */
export function effectiveRules(scale: number, messagesPerMinute: number): Record<RateLimitedAction, RateLimitRule> | null {
  if (!(scale > 0)) return null;
  const scaled = (limits: Limit[]) => limits.map(({ max, windowMs }) => ({ max: Math.max(1, Math.round(max * scale)), windowMs }));
  const rules = Object.fromEntries(
    Object.entries(RATE_LIMIT_RULES).map(([action, rule]) => [action, { message: rule.message, perAccount: scaled(rule.perAccount), perIp: scaled(rule.perIp) }]),
  ) as Record<RateLimitedAction, RateLimitRule>;
  rules.message.perAccount = [{ max: messagesPerMinute, windowMs: MINUTE }];
  return rules;
}
