import { API_PREFIX } from '@vario/contract';

/** Runtime configuration from `/config.json` (one build, any server). */
export interface AppConfig {
  /** REST base; empty means the same origin. `/vario-api` is appended when missing (HTTP-002). */
  apiUrl: string;
  /** Links of the information drawer (APP-081). */
  links: { imprint: string; disclaimer: string; privacy: string; conditions: string; newsFeed: string };
}

export const defaultLinks: AppConfig['links'] = {
  imprint: 'https://www.vario.ag/impressum',
  disclaimer: 'https://www.vario.ag/haftungsausschluss',
  privacy: 'https://www.vario.ag/datenschutz',
  conditions: 'https://www.vario.ag/agb',
  newsFeed: 'https://www.vario.ag/news',
};

let config: AppConfig = { apiUrl: API_PREFIX, links: defaultLinks };

/** Appends the API prefix to a base URL unless it already ends with it (HTTP-002). */
export function normalizeApiBase(base: string | undefined | null): string {
  const trimmed = (base ?? '').trim().replace(/\/+$/, '');
  return trimmed.endsWith(API_PREFIX) ? trimmed : `${trimmed}${API_PREFIX}`;
}

export async function loadConfig(): Promise<AppConfig> {
  try {
    // index.html starts this request before the scripts run (window.__varioConfig)
    const early = (globalThis as { __varioConfig?: Promise<Partial<AppConfig> | null> }).__varioConfig;
    const raw: Partial<AppConfig> =
      (await early) ?? (await fetch('/config.json', { cache: 'no-store' }).then((r) => (r.ok ? (r.json() as Promise<Partial<AppConfig>>) : {})));
    config = { apiUrl: normalizeApiBase(raw.apiUrl), links: { ...defaultLinks, ...(raw.links ?? {}) } };
  } catch {
    config = { apiUrl: normalizeApiBase(''), links: defaultLinks };
  }
  return config;
}

export const getConfig = () => config;
