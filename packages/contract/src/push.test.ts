import { describe, expect, it } from 'vitest';
import { PUSH_LANGUAGES, isPushLanguage, pushText } from './push.ts';

describe('pushText', () => {
  it('writes every kind in every language, each its own words', () => {
    for (const kind of ['open', 'closing'] as const) {
      const titles = PUSH_LANGUAGES.map((l) => pushText(kind, l, 5).title);
      expect(new Set(titles).size).toBe(PUSH_LANGUAGES.length);
      for (const l of PUSH_LANGUAGES) expect(pushText(kind, l, 5).body.length).toBeGreaterThan(5);
    }
  });

  it.each([
    ['en', 1, "Today's course closes in 1 hour"],
    ['en', 2, "Today's course closes in 2 hours"],
    ['es', 1, 'El recorrido de hoy cierra en 1 hora'],
    ['es', 5, 'El recorrido de hoy cierra en 5 horas'],
    ['fr', 1, 'Le parcours du jour ferme dans 1 heure'],
    ['fr', 2, 'Le parcours du jour ferme dans 2 heures'],
    ['de', 1, 'Der Platz von heute schließt in 1 Stunde'],
    ['de', 5, 'Der Platz von heute schließt in 5 Stunden'],
    ['pt-BR', 1, 'O percurso de hoje fecha em 1 hora'],
    ['pt-BR', 2, 'O percurso de hoje fecha em 2 horas'],
    ['ja', 1, '今日のコースはあと1時間で締め切り'],
    ['ja', 5, '今日のコースはあと5時間で締め切り'],
  ] as const)('%s, %d hours: %s', (language, hours, title) => {
    expect(pushText('closing', language, hours).title).toBe(title);
  });

  it('knows the six languages and nothing else', () => {
    expect(PUSH_LANGUAGES.every(isPushLanguage)).toBe(true);
    expect(isPushLanguage('en-XA')).toBe(false);
    expect(isPushLanguage('pt')).toBe(false);
  });
});
