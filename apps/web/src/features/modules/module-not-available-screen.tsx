import { messages } from '@erp/domain';
import { Result } from 'antd';

/** A screen of a later module: its route, menu entry and guard work; the screen says so plainly. */
export function ModuleNotAvailableScreen({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle={messages.moduleNotAvailable} />;
}
