import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { CircleHalf, Moon, SunFill, Sun as SunIcon, Translate } from 'react-bootstrap-icons';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SCREENS } from '../app/routes';
import { THEMES, type Theme, useTheme } from '../app/theme';
import { LANGUAGES, type Language, setLanguage } from '../i18n';

const THEME_ICONS: Record<Theme, typeof SunIcon> = { light: SunIcon, dark: Moon, auto: CircleHalf };

export function NavBar() {
  const { t, i18n } = useTranslation();
  const [theme, setTheme] = useTheme();
  const ThemeIcon = THEME_ICONS[theme];
  const menu = (name: 'settings' | 'info') =>
    SCREENS.filter((screen) => screen.menu === name).map((screen) => (
      <NavDropdown.Item as={NavLink} to={screen.path} key={screen.path}>
        {t(`nav.${screen.path}`)}
      </NavDropdown.Item>
    ));

  return (
    <Navbar expand="md" fixed="top" className="bg-dark" data-bs-theme="dark" collapseOnSelect>
      <Container fluid="xxl">
        <Navbar.Brand as={NavLink} to="/" className="d-flex align-items-center gap-2">
          <SunFill className="text-warning" aria-hidden />
          dtu-console
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-nav" aria-label={t('nav.toggle')} />
        <Navbar.Collapse id="main-nav">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to="/" end>
              {t('nav./')}
            </Nav.Link>
            <NavDropdown title={t('nav.settings')} id="nav-settings">
              {menu('settings')}
            </NavDropdown>
            <NavDropdown title={t('nav.info')} id="nav-info">
              {menu('info')}
            </NavDropdown>
            <Nav.Link as={NavLink} to="/about">
              {t('nav./about')}
            </Nav.Link>
          </Nav>
          <Nav>
            <NavDropdown
              id="nav-theme"
              align="end"
              title={
                <>
                  <ThemeIcon aria-hidden /> <span className="nav-label">{t('theme.title')}</span>
                </>
              }
            >
              {THEMES.map((option) => {
                const Icon = THEME_ICONS[option];
                return (
                  <NavDropdown.Item key={option} active={option === theme} onClick={() => setTheme(option)}>
                    <Icon aria-hidden className="me-2" />
                    {t(`theme.${option}`)}
                  </NavDropdown.Item>
                );
              })}
            </NavDropdown>
            <NavDropdown
              id="nav-language"
              align="end"
              title={
                <>
                  <Translate aria-hidden /> <span className="nav-label">{t('language.title')}</span>{' '}
                  {i18n.resolvedLanguage?.toUpperCase()}
                </>
              }
            >
              {LANGUAGES.map((language: Language) => (
                <NavDropdown.Item
                  key={language}
                  lang={language}
                  active={language === i18n.resolvedLanguage}
                  onClick={() => void setLanguage(language)}
                >
                  {t(`language.${language}`)}
                </NavDropdown.Item>
              ))}
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
