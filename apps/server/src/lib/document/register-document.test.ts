import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { documentRoutes, registeredDocuments } from './register-document.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('every registered document type', () => {
  it('answers list, export, get, create, update, delete and one POST per declared transition', () => {
    const documents = registeredDocuments(t.app);
    expect(documents.map((binding) => binding.definition.name)).toContain('journals');
    for (const binding of documents) {
      const base = `/api/${binding.definition.name}`;
      expect(t.app.hasRoute({ method: 'GET', url: base }), base).toBe(true);
      expect(t.app.hasRoute({ method: 'POST', url: base }), base).toBe(true);
      expect(t.app.hasRoute({ method: 'GET', url: `${base}/export` }), base).toBe(true);
      for (const method of ['GET', 'PUT', 'DELETE'] as const) expect(t.app.hasRoute({ method, url: `${base}/:id` }), `${method} ${base}/:id`).toBe(true);
      for (const action of binding.definition.actions) expect(t.app.hasRoute({ method: 'POST', url: `${base}/:id/${action}` }), `${base}/:id/${action}`).toBe(true);
      expect(documentRoutes(binding)).toHaveLength(3 + binding.definition.actions.length);
    }
  });

  it('declares transitions only between its declared states, and editable states among them', () => {
    for (const { definition } of registeredDocuments(t.app)) {
      for (const transition of Object.values(definition.transitions)) {
        expect(definition.states).toContain(transition.to);
        for (const from of transition.from) expect(definition.states).toContain(from);
      }
      for (const state of definition.editableIn) expect(definition.states).toContain(state);
    }
  });
});
