import { setupResources, type AppRoute } from '@erp/domain';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';

/** The six Setup lists are one generic screen, given their declaration. */
export function SetupResourceScreen({ route }: { route: AppRoute }) {
  const resource = setupResources.find((r) => r.route === route);
  if (!resource) return null;
  return <ResourceListScreen key={resource.name} resource={resource} />;
}
