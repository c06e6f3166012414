import { screen } from '@testing-library/react';
import { Modal } from 'antd';
import { describe, expect, it } from 'vitest';

// Files share a worker's document: what one test leaves in it, the next one finds (setup.ts).
describe('the document between tests', () => {
  it('a test may end with a static confirm open', async () => {
    Modal.confirm({ title: 'Discard your changes?', content: 'What you entered in this form has not been saved.' });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('the next one starts without it', () => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.children).toHaveLength(0);
  });
});
