/**
 * A Web Push message's payload: what the API's cron sends (apps/api/src/push/message.ts) and what the web's service
 * worker shows (apps/web/src/lib/push/notification.ts). Plain TypeScript with no imports, so the service worker can
 * take it without the rest of the contract.
 */

/** Why a message is sent: today's course is open, or it closes soon and today's round is not finished. */
export const PUSH_KINDS = ['open', 'closing'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The payload, as JSON; the service worker shows `title` and `body` and opens `url` on a click. */
export interface PushMessage {
  readonly kind: PushKind;
  /** The course's UTC date, YYYY-MM-DD. */
  readonly date: string;
  readonly title: string;
  readonly body: string;
  /** A path on the site (`/`, today's course), never another origin. */
  readonly url: string;
}

/**
 * The languages a reminder can be written in: the web's six (apps/web/src/lib/i18n/languages.ts). The web sends the
 * player's language with their reminder settings; the API stores it and the cron writes each reminder in it.
 */
export const PUSH_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

interface PushTexts {
  readonly openTitle: string;
  readonly openBody: string;
  /** Today's course closes in `n` hours, by the language's plural category of `n` ("one" or any other). */
  readonly closingTitle: { readonly one: (n: number) => string; readonly other: (n: number) => string };
  readonly closingBody: string;
}

/**
 * The reminders' words in each language, as the daily's players say them (apps/web/messages holds the rest of the
 * product's words; these are the only ones the server writes).
 */
const PUSH_TEXTS: Readonly<Record<PushLanguage, PushTexts>> = {
  en: {
    openTitle: "Today's course is open",
    openBody: 'Nine new holes, par 45.',
    closingTitle: {
      one: (n) => `Today's course closes in ${n} hour`,
      other: (n) => `Today's course closes in ${n} hours`,
    },
    closingBody: 'You have not finished your round yet.',
  },
  es: {
    openTitle: 'El recorrido de hoy está abierto',
    openBody: 'Nueve hoyos nuevos, par 45.',
    closingTitle: {
      one: (n) => `El recorrido de hoy cierra en ${n} hora`,
      other: (n) => `El recorrido de hoy cierra en ${n} horas`,
    },
    closingBody: 'Aún no has terminado tu ronda.',
  },
  fr: {
    openTitle: 'Le parcours du jour est ouvert',
    openBody: 'Neuf nouveaux trous, par 45.',
    closingTitle: {
      one: (n) => `Le parcours du jour ferme dans ${n} heure`,
      other: (n) => `Le parcours du jour ferme dans ${n} heures`,
    },
    closingBody: 'Vous n’avez pas encore fini votre partie.',
  },
  de: {
    openTitle: 'Der Platz von heute ist offen',
    openBody: 'Neun neue Löcher, Par 45.',
    closingTitle: {
      one: (n) => `Der Platz von heute schließt in ${n} Stunde`,
      other: (n) => `Der Platz von heute schließt in ${n} Stunden`,
    },
    closingBody: 'Du hast deine Runde noch nicht beendet.',
  },
  'pt-BR': {
    openTitle: 'O percurso de hoje está aberto',
    openBody: 'Nove buracos novos, par 45.',
    closingTitle: {
      one: (n) => `O percurso de hoje fecha em ${n} hora`,
      other: (n) => `O percurso de hoje fecha em ${n} horas`,
    },
    closingBody: 'Você ainda não terminou sua rodada.',
  },
  ja: {
    openTitle: '今日のコースが開きました',
    openBody: '新しい9ホール、パー45。',
    closingTitle: {
      one: (n) => `今日のコースはあと${n}時間で締め切り`,
      other: (n) => `今日のコースはあと${n}時間で締め切り`,
    },
    closingBody: 'まだラウンドを終えていません。',
  },
};

export const isPushLanguage = (raw: unknown): raw is PushLanguage =>
  typeof raw === 'string' && (PUSH_LANGUAGES as readonly string[]).includes(raw);

/** A reminder's title and body in `language`: course open, or closing in `hours` hours (plural by the language). */
export function pushText(
  kind: PushKind,
  language: PushLanguage,
  hours = 0,
): { readonly title: string; readonly body: string } {
  const t = PUSH_TEXTS[language];
  if (kind === 'open') return { title: t.openTitle, body: t.openBody };
  const category = new Intl.PluralRules(language).select(hours) === 'one' ? 'one' : 'other';
  return { title: t.closingTitle[category](hours), body: t.closingBody };
}
