import { describe, expect, it } from 'vitest';
import { readTiers } from './TierCard';

const t = (k: string) => k;

describe('price tiers typed by the user (issue 9 item 2)', () => {
  it('letters are field errors, never deleted tiers', () => {
    const { errors } = readTiers({ menge2: 'zehn', vk2: 'neun', rabatt2: '' }, [2], t);
    expect(Object.keys(errors).sort()).toEqual(['menge2', 'vk2']);
  });
  it('quantities out of order (10, 5, 100) are refused at the tier that falls', () => {
    const { errors } = readTiers({ menge2: '10', vk2: '9', menge3: '5', vk3: '8', menge4: '100', vk4: '7' }, [2, 3, 4], t);
    expect(errors).toEqual({ menge3: 'form.tierOrder' });
  });
  it('a quantity of 0, a discount of 150 and a price without quantity are refused', () => {
    const { errors } = readTiers({ menge2: '0', rabatt2: '150', menge3: '', vk3: '5' }, [2, 3], t);
    expect(errors).toEqual({ menge2: 'errors.tooSmall', rabatt2: 'errors.tooLarge', menge3: 'errors.required' });
  });
  it('valid German input is read and money rounded half away from zero', () => {
    const { parsed, errors } = readTiers({ menge2: '1.000', vk2: '12,345', menge3: '2.500,5', vk3: '', rabatt3: '2,5' }, [2, 3], t);
    expect(errors).toEqual({});
    expect(parsed).toEqual({ menge2: 1000, vk2: 12.35, menge3: 2500.5, vk3: null, rabatt3: 2.5 });
  });
});
