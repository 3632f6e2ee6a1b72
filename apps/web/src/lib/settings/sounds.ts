import { SoundBoard } from './sound.ts';
import { tableSettings } from './table-settings.svelte.ts';

/** The app's sound effects, on when the table settings say so. */
export const sounds = new SoundBoard(() => tableSettings.sound);
