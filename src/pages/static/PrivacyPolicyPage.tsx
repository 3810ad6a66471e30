import { StaticPage } from './StaticPage';

export default function PrivacyPolicyPage() {
  return <StaticPage page="privacyPolicy" />;
}
