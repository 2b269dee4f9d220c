// For the table views' tests: the page's sound deck, as app/Sound makes it, with what the
// dealer says recorded (`say(src, words)`: src null for the subtitles alone). jsdom plays
// no media: play() and pause() do nothing. All undone when the test ends.
import { onTestFinished, vi } from 'vitest';

import { SoundDeck, resetSounds, sounds } from './sound';

export function dealerSays() {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  const say = vi.spyOn(SoundDeck.prototype, 'say');
  sounds();
  onTestFinished(() => {
    resetSounds();
    for (const spy of [say, play, pause]) spy.mockRestore();
  });
  return say;
}
