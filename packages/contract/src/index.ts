export * from './auth';
export * from './common';
export * from './crm';
export * from './endpoint';
export * from './endpoints';
export * from './stammdaten';
