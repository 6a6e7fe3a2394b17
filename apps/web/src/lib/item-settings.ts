/** Item switches: shown when enabled, or when the user never switched a new item off (APP-078, APP-096). */
export interface ItemSettings {
  enabledItems: string[];
  disabledItems?: string[];
}

export const itemEnabled = (s: ItemSettings, id: string) => s.enabledItems.includes(id) || !(s.disabledItems ?? []).includes(id);

export const toggleItem = (s: ItemSettings, id: string, on: boolean): ItemSettings => ({
  ...s,
  enabledItems: on ? [...new Set([...s.enabledItems, id])] : s.enabledItems.filter((x) => x !== id),
  disabledItems: on ? (s.disabledItems ?? []).filter((x) => x !== id) : [...new Set([...(s.disabledItems ?? []), id])],
});
