import { describe, expect, it } from 'vitest';
import { saleDocumentsArea } from '@/features/sale-documents/area';
import { newItemHref } from './NewItemMenu';

/** The offer entry as the sales-document area declares it (not a copy), so the test follows its configuration. */
const offer = saleDocumentsArea.newItems?.find((e) => e.id === 'offer');
if (!offer) throw new Error('the sales-document area declares no "offer" new-item entry');

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
