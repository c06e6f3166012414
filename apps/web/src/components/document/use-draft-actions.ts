import { type DocumentDefinition, messages } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { type DocumentAnswer, deleteDocument, documentKeys, saveDocument } from './document-api.ts';

export interface DraftActionsOptions {
  /** The draft being edited; undefined for a new one. */
  id?: number;
  /** The request body from the form's values now. */
  body: () => object;
  /** Puts the server's per-field refusals on the form (a 400's `errors`). */
  onProblems: (errors: Record<string, string>) => void;
  /** Closes the drawer, or keeps the saved document open (`openId`). */
  onDone: (openId?: number) => void;
  /** More to read again after a save or delete than the type's own list (an invoice's lots). */
  alsoRefresh?: () => Promise<unknown>;
}

/**
 * Save (and post) and delete of a draft, as every document form has them: the answer's message,
 * the type's lists and open documents read again, the saved draft kept open; a refusal's message
 * above the form and its field errors on the fields.
 */
export function useDraftActions<Doc extends { id: number }>(definition: DocumentDefinition, options: DraftActionsOptions) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string>();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: documentKeys.all(definition.name) });
    await options.alsoRefresh?.();
  };
  const save = useMutation({
    mutationFn: (post: boolean) => saveDocument<Doc>(definition, options.body(), { id: options.id, post }),
    onSuccess: async (answer: DocumentAnswer<Doc>) => {
      notify.success(answer.message || messages.saved);
      await refresh();
      options.onDone(answer.data.id);
    },
    onError: (error) => {
      setFormError(errorMessage(error));
      const errors = fieldErrorsOf(error);
      if (errors && Object.keys(errors).length > 0) options.onProblems(errors);
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteDocument(definition, options.id!),
    onSuccess: async (message) => {
      notify.success(message || messages.deleted);
      await refresh();
      options.onDone();
    },
    onError: (error) => setFormError(errorMessage(error)),
  });
  return { save, remove, formError, setFormError };
}
