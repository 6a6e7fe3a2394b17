import { IconFileText } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import type { NewItemEntry } from '../areas';
import { newItemHref } from './NewItemMenu';

const offer: NewItemEntry = {
  id: 'offer',
  order: 20,
  label: 'saleDocuments:newItem.offer',
  icon: IconFileText,
  href: '/saleDocument/new?type=0100',
  rights: ['BEK_AENDERN'],
  addressParam: 'id',
};

describe('"new item" on an address', () => {
  it('[APP-051] on an address record an offer carries the address as id beside its type', () => {
    expect(newItemHref(offer, '/addresses/10158/masterdata')).toBe('/saleDocument/new?type=0100&id=10158');
    expect(newItemHref(offer, '/addresses/10158')).toBe('/saleDocument/new?type=0100&id=10158');
  });
  it('elsewhere (and for entries without the parameter) the path stays as it is', () => {
    expect(newItemHref(offer, '/addresses')).toBe('/saleDocument/new?type=0100');
    expect(newItemHref(offer, '/products/3')).toBe('/saleDocument/new?type=0100');
    expect(newItemHref({ ...offer, addressParam: undefined }, '/addresses/1')).toBe('/saleDocument/new?type=0100');
  });
});
