import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { LinkNavigation } from '../components/Link';
import { i18n } from '../lib/i18n';
import { AppRoutes } from './routes';

/** The whole app below the router: query cache, translations, links' navigation and routes. Shared by SSR and the browser. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LinkNavigation>
          <AppRoutes />
        </LinkNavigation>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
