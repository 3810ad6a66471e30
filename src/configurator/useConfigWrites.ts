import { useMutation } from '@tanstack/react-query';
import { archiveConfig, changeStage, createConfig, deleteConfig, mailContact, type MailType } from './api';

/**
 * The config writes of the list, the dashboard and the create dialog as react-query mutations
 * (sent once, never retried; the caller awaits the answer and shows it). Each page puts the answer
 * in its own copy (`setConfig`, `replaceRow`) instead of reading again: the request count stays
 * what the spec's screens make. The stage's own writes go through its saver queue (stage/useStageSaver.ts).
 */
export function useConfigWrites() {
  const archive = useMutation({ mutationFn: (id: number) => archiveConfig(id) });
  const remove = useMutation({ mutationFn: (id: number) => deleteConfig(id) });
  const stage = useMutation({ mutationFn: ({ guid, slug, action }: { guid: string; slug: string; action: 'add' | 'remove' }) => changeStage(guid, slug, action) });
  return { archive: archive.mutateAsync, remove: remove.mutateAsync, changeStage: stage.mutateAsync };
}

/** `POST /companies/{guid}/configs` (the create dialog); `isPending` is the dialog's busy state. */
export function useCreateConfig() {
  return useMutation({
    mutationFn: ({ company, config, lang }: { company: string | number; config: { name: string; design_type: string }; lang?: string }) => createConfig(company, config, lang),
  });
}

/** `POST /configs/{guid}/mail/{type}` (a contact card's mail); `isPending` is the dialog's busy state. */
export function useMailContact(configGuid: string, type: MailType) {
  return useMutation({ mutationFn: (message?: string) => mailContact(configGuid, type, message) });
}
