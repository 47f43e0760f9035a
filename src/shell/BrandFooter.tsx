import { usePlatform } from '@/session/PlatformContext';
import './brandFooter.css';

/** Footer texts and colours from the platform config (spec section 1). */
export function BrandFooter(): React.JSX.Element {
  const { config } = usePlatform();
  return (
    <footer
      className="brand-footer"
      data-testid="brand-footer"
      style={{ background: config.tailBarColor, color: config.tailBarWordColor }}
    >
      <div>
        客服热线：<span data-testid="hotline">{config.hotline}</span>
        {'\u3000'}联系地址：{config.contactAddress}
        {'\u3000'}邮编：{config.postcode}
      </div>
      <div>
        {config.copyrightCn}
        {'\u3000'}
        {config.securityRegister}
        {'\u3000'}
        {config.icpRegister}
      </div>
      {/* A Chinese-only brand leaves copyrightEn empty: no English line. */}
      {config.copyrightEn ? <div className="brand-footer-en">{config.copyrightEn}</div> : null}
    </footer>
  );
}
