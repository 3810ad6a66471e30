import { StaticPage } from './StaticPage';

export default function CookiePolicyPage() {
  return <StaticPage page="cookiePolicy" />;
}
