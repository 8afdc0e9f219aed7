import { HashSlots } from './hash-slots';

describe('HashSlots', () => {
  it('gives at most capacity slots, never the last one to a client already holding the rest', () => {
    const slots = new HashSlots(3);
    const a1 = slots.tryTake('a');
    const a2 = slots.tryTake('a');
    expect([a1, a2].every(Boolean)).toBe(true);
    expect(slots.tryTake('a')).toBeNull();
    const b = slots.tryTake('b');
    expect(b).not.toBeNull();
    expect(slots.tryTake('c')).toBeNull();
    expect(slots.inUse).toBe(3);
  });

  it('frees a slot once, however often its release is called', () => {
    const slots = new HashSlots(2);
    const a = slots.tryTake('a')!;
    const b = slots.tryTake('b')!;
    a();
    a();
    expect(slots.inUse).toBe(1);
    expect(slots.tryTake('a')).not.toBeNull();
    expect(slots.tryTake('c')).toBeNull();
    b();
    expect(slots.inUse).toBe(1);
  });

  it('with one slot, whoever comes first has it', () => {
    const slots = new HashSlots(1);
    expect(slots.perClient).toBe(1);
    const a = slots.tryTake('a')!;
    expect(slots.tryTake('b')).toBeNull();
    a();
    expect(slots.tryTake('b')).not.toBeNull();
  });
});
