import { UploadOutlined } from '@ant-design/icons';
import { fbrLogoRules, fbrMessages } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography, Upload } from 'antd';
import { DeleteButton } from '../../components/resource/delete-button.tsx';
import { errorMessage, fieldErrorsOf } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { fbrLogoKey, fetchFbrLogo } from './fbr-api.ts';
import { removeFbrLogo, uploadFbrLogo } from './fbr-settings-api.ts';

/** The browser's check before sending (the server checks the bytes again). */
export function fbrLogoProblem(file: { type: string; size: number }): string | undefined {
  if (!(fbrLogoRules.mimeTypes as readonly string[]).includes(file.type)) return fbrMessages.logoType;
  if (file.size > fbrLogoRules.maxBytes) return fbrMessages.logoTooLarge;
  return undefined;
}

/** Issue 30, section 6: the logo PRAL hands over at onboarding, printed beside an accepted document's QR code. */
export function FbrLogoCard() {
  const client = useQueryClient();
  // The invoice views' query: an upload or removal shows there too.
  const logo = useQuery({ queryKey: fbrLogoKey, queryFn: fetchFbrLogo });
  const url = logo.data;
  const refresh = () => client.invalidateQueries({ queryKey: fbrLogoKey });
  const upload = useMutation({
    mutationFn: uploadFbrLogo,
    onSuccess: async () => {
      notify.success(fbrMessages.logoSaved);
      await refresh();
    },
    // The server names the file's problem on `file`: that says more than the envelope's message.
    onError: (error) => notify.error(fieldErrorsOf(error)?.file ?? errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: removeFbrLogo,
    onSuccess: async () => {
      notify.success(fbrMessages.logoRemoved);
      await refresh();
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  return (
    <Card title="FBR logo" style={{ flex: 1, minWidth: 260 }}>
      <Flex vertical gap={12} align="start">
        {logo.isError && <Alert type="error" showIcon title={errorMessage(logo.error)} />}
        <div style={{ width: '100%', minHeight: 96, display: 'grid', placeItems: 'center', background: '#fafafa', borderRadius: 6 }}>
          {url ? <img src={url} alt="FBR logo" style={{ maxHeight: 96, maxWidth: '100%', objectFit: 'contain' }} /> : <Typography.Text type="secondary">{logo.isLoading ? 'Loading…' : 'No logo: accepted invoices print FBR’s number and QR code alone'}</Typography.Text>}
        </div>
        <Flex gap={8} wrap>
          <Upload
            accept={fbrLogoRules.mimeTypes.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = fbrLogoProblem(file);
              if (problem) {
                notify.error(problem);
                return Upload.LIST_IGNORE;
              }
              upload.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} aria-label="Upload FBR logo">
              Upload
            </Button>
          </Upload>
          {url && <DeleteButton singular="FBR logo" label="Remove" loading={remove.isPending} onConfirm={() => remove.mutateAsync().catch(() => undefined)} />}
        </Flex>
        <Typography.Text type="secondary">PNG or JPEG, at most {fbrLogoRules.maxBytes / 1024} KB</Typography.Text>
      </Flex>
    </Card>
  );
}
