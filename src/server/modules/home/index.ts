import { defineModule } from '../../platform/http/module.ts';
import { homeHandlers } from './handlers.ts';

// The home domain: the Home screen's one read (setup checklist, trial, the week at a glance). It owns no table; its
// statement is read-only reporting over the owners' tables (queries.ts, docs/architecture.md "Data ownership").
export const homeModule = defineModule({ name: 'home', handlers: homeHandlers });
