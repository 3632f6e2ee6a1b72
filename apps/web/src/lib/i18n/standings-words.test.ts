/**
 * The standings' and the archive's words with logic in them: their plurals for 0, 1, 2 and 5 in every locale
 * (French and Brazilian Portuguese count 0 as singular, Japanese has one form), the stand-in names the API sends
 * in English shown in the reader's language, and the emphasised parts of a message.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DELETED_NAME, leagueStandInName, standInName, standInTag } from '@golf/contract/stand-in';
import { m } from './index.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { loadLocale } from './locale.svelte.ts';
import { atCounts, counted, useLanguage, type Four } from './locale-testing.ts';
import { emphasisPieces, literal } from '../emphasis.ts';
import { shownName } from '../names.ts';
import { underReviewText } from '../daily/standings-view.ts';

const UNDER_REVIEW: Readonly<Record<Language, Four>> = {
  en: [
    '0 rounds under review, not ranked',
    '1 round under review, not ranked',
    '2 rounds under review, not ranked',
    '5 rounds under review, not ranked',
  ],
  es: [
    '0 rondas en revisión, sin clasificar',
    '1 ronda en revisión, sin clasificar',
    '2 rondas en revisión, sin clasificar',
    '5 rondas en revisión, sin clasificar',
  ],
  fr: [
    '0 partie en examen, non classée',
    '1 partie en examen, non classée',
    '2 parties en examen, non classées',
    '5 parties en examen, non classées',
  ],
  de: [
    '0 Runden in Prüfung, nicht gewertet',
    '1 Runde in Prüfung, nicht gewertet',
    '2 Runden in Prüfung, nicht gewertet',
    '5 Runden in Prüfung, nicht gewertet',
  ],
  'pt-BR': [
    '0 rodada em revisão, sem classificação',
    '1 rodada em revisão, sem classificação',
    '2 rodadas em revisão, sem classificação',
    '5 rodadas em revisão, sem classificação',
  ],
  ja: [
    '審査中で順位なし 0ラウンド',
    '審査中で順位なし 1ラウンド',
    '審査中で順位なし 2ラウンド',
    '審査中で順位なし 5ラウンド',
  ],
};

const RANKED: Readonly<Record<Language, Four>> = {
  en: ['**0** players ranked', '**1** player ranked', '**2** players ranked', '**5** players ranked'],
  es: [
    '**0** jugadores clasificados',
    '**1** jugador clasificado',
    '**2** jugadores clasificados',
    '**5** jugadores clasificados',
  ],
  fr: ['**0** joueur classé', '**1** joueur classé', '**2** joueurs classés', '**5** joueurs classés'],
  de: [
    '**0** Spieler gewertet',
    '**1** Spieler gewertet',
    '**2** Spieler gewertet',
    '**5** Spieler gewertet',
  ],
  'pt-BR': [
    '**0** jogador classificado',
    '**1** jogador classificado',
    '**2** jogadores classificados',
    '**5** jogadores classificados',
  ],
  ja: ['順位つき **0**人', '順位つき **1**人', '順位つき **2**人', '順位つき **5**人'],
};

const PLAYING: Readonly<Record<Language, Four>> = {
  en: ['**0** playing now', '**1** playing now', '**2** playing now', '**5** playing now'],
  es: ['**0** jugando ahora', '**1** jugando ahora', '**2** jugando ahora', '**5** jugando ahora'],
  fr: [
    '**0** en train de jouer',
    '**1** en train de jouer',
    '**2** en train de jouer',
    '**5** en train de jouer',
  ],
  de: ['**0** spielen gerade', '**1** spielt gerade', '**2** spielen gerade', '**5** spielen gerade'],
  'pt-BR': ['**0** jogando agora', '**1** jogando agora', '**2** jogando agora', '**5** jogando agora'],
  ja: ['プレー中 **0**人', 'プレー中 **1**人', 'プレー中 **2**人', 'プレー中 **5**人'],
};

const STOCK: Readonly<Record<Language, Four>> = {
  en: [
    'The stock (0 cards, in draw order)',
    'The stock (1 card, in draw order)',
    'The stock (2 cards, in draw order)',
    'The stock (5 cards, in draw order)',
  ],
  es: [
    'El mazo (0 cartas, en orden de robo)',
    'El mazo (1 carta, en orden de robo)',
    'El mazo (2 cartas, en orden de robo)',
    'El mazo (5 cartas, en orden de robo)',
  ],
  fr: [
    'Le talon (0 carte, dans l’ordre de la pioche)',
    'Le talon (1 carte, dans l’ordre de la pioche)',
    'Le talon (2 cartes, dans l’ordre de la pioche)',
    'Le talon (5 cartes, dans l’ordre de la pioche)',
  ],
  de: [
    'Der Talon (0 Karten, in Ziehreihenfolge)',
    'Der Talon (1 Karte, in Ziehreihenfolge)',
    'Der Talon (2 Karten, in Ziehreihenfolge)',
    'Der Talon (5 Karten, in Ziehreihenfolge)',
  ],
  'pt-BR': [
    'O monte (0 carta, na ordem de compra)',
    'O monte (1 carta, na ordem de compra)',
    'O monte (2 cartas, na ordem de compra)',
    'O monte (5 cartas, na ordem de compra)',
  ],
  ja: ['山札（0枚、めくる順）', '山札（1枚、めくる順）', '山札（2枚、めくる順）', '山札（5枚、めくる順）'],
};

afterAll(() => useLanguage(null));

describe('the standings and the archive in every locale', () => {
  it.each(LANGUAGES)(
    '%s: 0, 1, 2 and 5 rounds under review, players ranked and playing, stock cards',
    async (locale) => {
      await loadLocale(locale);
      expect(atCounts((c) => m.standings_under_review(counted(c), { locale }))).toEqual(UNDER_REVIEW[locale]);
      expect(atCounts((c) => m.standings_count_ranked(counted(c), { locale }))).toEqual(RANKED[locale]);
      expect(atCounts((c) => m.standings_count_playing(counted(c), { locale }))).toEqual(PLAYING[locale]);
      expect(atCounts((c) => m.archive_stock(counted(c), { locale }))).toEqual(STOCK[locale]);
    },
  );

  it('says nothing when no round is under review, and groups a large count the locale’s way', async () => {
    await useLanguage('de');
    expect(underReviewText(0)).toBeNull();
    expect(underReviewText(1234)).toBe('1.234 Runden in Prüfung, nicht gewertet');
  });

  it('shows the stand-ins the API sends in English in the reader’s language, the tag kept', async () => {
    const id = 'player-1';
    const tag = standInTag(id);
    await useLanguage('de');
    expect(shownName(standInName(id), 'hidden')).toBe(`Golfer ${tag}`);
    expect(shownName(DELETED_NAME, 'deleted')).toBe('Gelöschter Spieler');
    await useLanguage('ja');
    expect(shownName(standInName(id), 'hidden')).toBe(`ゴルファー ${tag}`);
    expect(shownName(leagueStandInName(id), 'hidden')).toBe(`リーグ ${tag}`);
    await useLanguage('fr');
    expect(shownName(standInName(id), 'deleted')).toBe(`Golfeur ${tag}`);
    // A player's own name is never rewritten, even one that looks like a stand-in.
    expect(shownName(standInName(id), null)).toBe(standInName(id));
    expect(shownName('Golfer Anne', 'hidden')).toBe('Golfer Anne');
  });

  it('splits a message into its emphasised parts, a name’s own asterisks kept', () => {
    expect(emphasisPieces('You: **45** (E), rank **3**.')).toEqual([
      { text: 'You: ', strong: false },
      { text: '45', strong: true },
      { text: ' (E), rank ', strong: false },
      { text: '3', strong: true },
      { text: '.', strong: false },
    ]);
    expect(emphasisPieces(`**${literal('**Ann**')}**: what is wrong`)).toEqual([
      { text: '**Ann**', strong: true },
      { text: ': what is wrong', strong: false },
    ]);
  });
});
