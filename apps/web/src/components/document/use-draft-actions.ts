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
  /** The form's own checks before sending: problems by field path (`lines.2.quantity`); none, it sends. */
  check: () => Readonly<Record<string, string>>;
  /** Puts problems on the form, clearing the previous ones: the checks', and a 400's `errors`. */
  showProblems: (problems: Readonly<Record<string, string>>) => void;
  /** A 400's `errors` as the form names them (sent lines re-keyed to form rows: `problemsByRow`). */
  serverProblems?: (errors: Record<string, string>) => Record<string, string>;
  /** Closes the drawer, or keeps the saved document open (`openId`). */
  onDone: (openId?: number) => void;
  /** More to read again after a save or delete than the type's own list (an invoice's lots). */
  alsoRefresh?: () => Promise<unknown>;
}

/**
 * Save (and post) and delete of a draft, as every document form has them: the form's own checks
 * first, the answer's message, the type's lists and open documents read again, the saved draft
 * kept open; a refusal's message above the form and its field errors on the fields.
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
      if (errors && Object.keys(errors).length > 0) options.showProblems(options.serverProblems?.(errors) ?? errors);
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
  /** Runs the form's checks and, when they pass, saves (and posts). */
  const submit = (post: boolean) => {
    setFormError(undefined);
    const problems = options.check();
    options.showProblems(problems);
    if (Object.keys(problems).length === 0) save.mutate(post);
  };
  return { save, remove, submit, formError, setFormError };
}
