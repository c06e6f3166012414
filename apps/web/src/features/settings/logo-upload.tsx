import { UploadOutlined } from '@ant-design/icons';
import { logoRules, messages, type LogoKind } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Image, Typography, Upload } from 'antd';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { deleteLogo, settingsKey, uploadLogo } from './settings-api.ts';

/** The client-side check before sending (the server checks the bytes again). */
export function logoProblem(file: { type: string; size: number }): string | undefined {
  if (!(logoRules.mimeTypes as readonly string[]).includes(file.type)) return messages.logoType;
  if (file.size > logoRules.maxBytes) return messages.logoTooLarge;
  return undefined;
}

/** The server names the file's problem on the `file` field; that says more than the envelope's message. */
function uploadError(error: unknown): string {
  return fieldErrorsOf(error)?.file ?? errorMessage(error);
}

export function LogoUpload({ kind, url }: { kind: LogoKind; url: string | null | undefined }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKey });
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(kind, file),
    onSuccess: async () => {
      notify.success(messages.logoSaved);
      await refresh();
    },
    onError: (e) => notify.error(uploadError(e)),
  });
  const remove = useMutation({
    mutationFn: () => deleteLogo(kind),
    onSuccess: async () => {
      notify.success(messages.logoRemoved);
      await refresh();
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const title = kind === 'rectangle' ? 'Rectangular logo' : 'Square logo';
  return (
    <Card size="small" title={title} style={{ flex: 1, minWidth: 240 }}>
      <Flex vertical gap={12} align="start">
        <div style={{ width: '100%', minHeight: 96, display: 'grid', placeItems: 'center', background: '#fafafa', borderRadius: 6 }}>
          {url ? (
            <Image src={url} alt={title} style={{ maxHeight: 96, maxWidth: '100%', objectFit: 'contain' }} />
          ) : (
            <Typography.Text type="secondary">No logo</Typography.Text>
          )}
        </div>
        <Flex gap={8} wrap>
          <Upload
            accept={logoRules.mimeTypes.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = logoProblem(file);
              if (problem) {
                notify.error(problem);
                return Upload.LIST_IGNORE;
              }
              upload.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} aria-label={`Upload ${title.toLowerCase()}`}>
              Upload
            </Button>
          </Upload>
          {url && <DeleteButton singular="logo" label="Remove" loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
        </Flex>
        <Typography.Text type="secondary">PNG, JPEG or WebP, at most 1 MB</Typography.Text>
      </Flex>
    </Card>
  );
}
