import { positionAt, positionCursor } from './errors';

describe('positionCursor', () => {
  it('gives what positionAt gives at every offset, forwards and back', () => {
    const text = "SELECT *\r\nFROM people\rWHERE city = '🚀 x'\n  AND\r\n\r\nname = 'ü'";
    const at = positionCursor(text);
    const offsets = [...Array(text.length + 1).keys()];
    for (const offset of [...offsets, ...offsets.reverse()]) {
      expect(at(offset)).toEqual(positionAt(text, offset));
    }
  });
});
