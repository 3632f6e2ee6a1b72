/**
 * The plurals of the player's pages (leagues, moderation) for 0, 1, 2 and 5 in every locale: French and Brazilian
 * Portuguese count 0 as singular, Japanese has one form. Also the deletion's confirmation word in the language in
 * effect, English's accepted in any.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { m } from './index.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { loadLocale } from './locale.svelte.ts';
import { atCounts, counted, useLanguage, type Four } from './locale-testing.ts';
import { confirms } from '../players/privacy.svelte.ts';

const MEMBERS: Readonly<Record<Language, Four>> = {
  en: ['0 members', '1 member', '2 members', '5 members'],
  es: ['0 miembros', '1 miembro', '2 miembros', '5 miembros'],
  fr: ['0 membre', '1 membre', '2 membres', '5 membres'],
  de: ['0 Mitglieder', '1 Mitglied', '2 Mitglieder', '5 Mitglieder'],
  'pt-BR': ['0 membro', '1 membro', '2 membros', '5 membros'],
  ja: ['メンバー0人', 'メンバー1人', 'メンバー2人', 'メンバー5人'],
};

/** After the number, which the page shows in bold. */
const FINISHED: Readonly<Record<Language, Four>> = {
  en: ['members finished', 'member finished', 'members finished', 'members finished'],
  es: ['miembros terminaron', 'miembro terminó', 'miembros terminaron', 'miembros terminaron'],
  fr: ['membre a fini', 'membre a fini', 'membres ont fini', 'membres ont fini'],
  de: ['Mitglieder fertig', 'Mitglied fertig', 'Mitglieder fertig', 'Mitglieder fertig'],
  'pt-BR': ['membro terminou', 'membro terminou', 'membros terminaram', 'membros terminaram'],
  ja: ['人が完了', '人が完了', '人が完了', '人が完了'],
};

const OPEN_REPORTS: Readonly<Record<Language, Four>> = {
  en: ['0 open reports', '1 open report', '2 open reports', '5 open reports'],
  es: ['0 denuncias abiertas', '1 denuncia abierta', '2 denuncias abiertas', '5 denuncias abiertas'],
  fr: ['0 signalement ouvert', '1 signalement ouvert', '2 signalements ouverts', '5 signalements ouverts'],
  de: ['0 offene Meldungen', '1 offene Meldung', '2 offene Meldungen', '5 offene Meldungen'],
  'pt-BR': ['0 denúncia aberta', '1 denúncia aberta', '2 denúncias abertas', '5 denúncias abertas'],
  ja: ['未対応の報告0件', '未対応の報告1件', '未対応の報告2件', '未対応の報告5件'],
};

const REPORTS: Readonly<Record<Language, Four>> = {
  en: ['0 reports', '1 report', '2 reports', '5 reports'],
  es: ['0 denuncias', '1 denuncia', '2 denuncias', '5 denuncias'],
  fr: ['0 signalement', '1 signalement', '2 signalements', '5 signalements'],
  de: ['0 Meldungen', '1 Meldung', '2 Meldungen', '5 Meldungen'],
  'pt-BR': ['0 denúncia', '1 denúncia', '2 denúncias', '5 denúncias'],
  ja: ['報告0件', '報告1件', '報告2件', '報告5件'],
};

afterAll(() => useLanguage(null));

describe("the player's pages' plurals in every locale", () => {
  it.each(LANGUAGES)('%s: 0, 1, 2 and 5 members, finishers and reports', async (locale) => {
    await loadLocale(locale);
    expect(atCounts((c) => m.leagues_members(counted(c), { locale }))).toEqual(MEMBERS[locale]);
    expect(atCounts((c) => m.leagues_finished({ count: c }, { locale }))).toEqual(FINISHED[locale]);
    expect(atCounts((c) => m.moderation_open_reports(counted(c), { locale }))).toEqual(OPEN_REPORTS[locale]);
    expect(atCounts((c) => m.moderation_reports(counted(c), { locale }))).toEqual(REPORTS[locale]);
  });
});

describe('the confirmation word', () => {
  it("is the language's, and English's in any language", async () => {
    await useLanguage('de');
    expect(confirms(' Löschen ')).toBe(true);
    expect(confirms('delete')).toBe(true);
    expect(confirms('borrar')).toBe(false);
    await useLanguage('ja');
    expect(confirms('削除')).toBe(true);
    expect(confirms('löschen')).toBe(false);
  });
});
