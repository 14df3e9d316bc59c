import { describe, expect, it } from 'vitest'
import { sessionRoots, type LocationContext } from '../../node/sessions/index'

// Each OS's rules, with the platform and environment passed in: no real Windows or macOS needed.
// The expected paths are written out by hand from the engines' sources (docs/sessions.md).

const dirsOf = (ctx: LocationContext, engine: string) =>
  sessionRoots(ctx)
    .filter((r) => r.engine === engine)
    .map((r) => r.dir)

const linux = (env: Record<string, string> = {}): LocationContext => ({
  platform: 'linux',
  env: { HOME: '/home/u', ...env },
  home: '/home/u',
})

describe('where each engine writes its sessions', () => {
  it('on Linux, by default', () => {
    const ctx = linux()
    expect(dirsOf(ctx, 'claude-code')).toEqual(['/home/u/.claude/projects'])
    expect(dirsOf(ctx, 'codex')).toEqual([
      '/home/u/.codex/sessions',
      '/home/u/.codex/archived_sessions',
    ])
    expect(dirsOf(ctx, 'gemini-cli')).toEqual(['/home/u/.gemini/tmp'])
    expect(dirsOf(ctx, 'pi')).toEqual(['/home/u/.pi/agent/sessions'])
    expect(dirsOf(ctx, 'cline')).toEqual([
      '/home/u/.cline/data/sessions',
      '/home/u/.cline/data/tasks',
      '/home/u/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks',
      '/home/u/.config/Code - Insiders/User/globalStorage/saoudrizwan.claude-dev/tasks',
      '/home/u/.config/VSCodium/User/globalStorage/saoudrizwan.claude-dev/tasks',
      '/home/u/.config/Cursor/User/globalStorage/saoudrizwan.claude-dev/tasks',
    ])
    expect(dirsOf(ctx, 'roo-code')[0]).toBe(
      '/home/u/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks',
    )
    // Kilo Code (the extension, a fork of Roo Code, its CLI before 1.0, and the database of its
    // CLI from 1.0, rebuilt on opencode).
    expect(dirsOf(ctx, 'kilo-code')).toEqual([
      '/home/u/.config/Code/User/globalStorage/kilocode.kilo-code/tasks',
      '/home/u/.config/Code - Insiders/User/globalStorage/kilocode.kilo-code/tasks',
      '/home/u/.config/VSCodium/User/globalStorage/kilocode.kilo-code/tasks',
      '/home/u/.config/Cursor/User/globalStorage/kilocode.kilo-code/tasks',
      '/home/u/.kilocode/cli/global/tasks',
      '/home/u/.local/share/kilo',
    ])
  })

  it('on macOS, VS Code keeps its data in Library/Application Support', () => {
    const ctx: LocationContext = { platform: 'darwin', env: { HOME: '/Users/u' }, home: '/Users/u' }
    expect(dirsOf(ctx, 'claude-code')).toEqual(['/Users/u/.claude/projects'])
    expect(dirsOf(ctx, 'roo-code')[0]).toBe(
      '/Users/u/Library/Application Support/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks',
    )
  })

  it('on Windows, in USERPROFILE and APPDATA, with backslashes', () => {
    const ctx: LocationContext = {
      platform: 'win32',
      env: { USERPROFILE: 'C:\\Users\\u', APPDATA: 'D:\\Roaming' },
      home: 'C:\\Users\\fallback',
    }
    expect(dirsOf(ctx, 'claude-code')).toEqual(['C:\\Users\\u\\.claude\\projects'])
    expect(dirsOf(ctx, 'codex')[0]).toBe('C:\\Users\\u\\.codex\\sessions')
    expect(dirsOf(ctx, 'gemini-cli')).toEqual(['C:\\Users\\u\\.gemini\\tmp'])
    expect(dirsOf(ctx, 'pi')).toEqual(['C:\\Users\\u\\.pi\\agent\\sessions'])
    expect(dirsOf(ctx, 'cline').slice(0, 3)).toEqual([
      'C:\\Users\\u\\.cline\\data\\sessions',
      'C:\\Users\\u\\.cline\\data\\tasks',
      'D:\\Roaming\\Code\\User\\globalStorage\\saoudrizwan.claude-dev\\tasks',
    ])
  })

  it("finds Kilo Code's CLI tasks in the profile on Windows", () => {
    const ctx: LocationContext = { platform: 'win32', env: {}, home: 'C:\\Users\\u' }
    expect(dirsOf(ctx, 'kilo-code').slice(-2)).toEqual([
      'C:\\Users\\u\\.kilocode\\cli\\global\\tasks',
      'C:\\Users\\u\\.local\\share\\kilo',
    ])
  })

  it('on Windows without APPDATA, VS Code falls back to AppData\\Roaming in the profile', () => {
    const ctx: LocationContext = { platform: 'win32', env: {}, home: 'C:\\Users\\u' }
    expect(dirsOf(ctx, 'roo-code')[0]).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\Code\\User\\globalStorage\\rooveterinaryinc.roo-cline\\tasks',
    )
  })

  it("follows each engine's own variable", () => {
    const ctx = linux({
      CLAUDE_CONFIG_DIR: '/cfg/claude',
      CODEX_HOME: '/cfg/codex',
      GEMINI_CLI_HOME: '/cfg/g',
      PI_CODING_AGENT_DIR: '~/pi-agent',
      CLINE_DIR: '/cfg/cline',
      XDG_CONFIG_HOME: '/cfg/xdg',
    })
    expect(dirsOf(ctx, 'claude-code')).toEqual(['/cfg/claude/projects'])
    expect(dirsOf(ctx, 'codex')).toEqual(['/cfg/codex/sessions', '/cfg/codex/archived_sessions'])
    expect(dirsOf(ctx, 'gemini-cli')).toEqual(['/cfg/g/.gemini/tmp'])
    expect(dirsOf(ctx, 'pi')).toEqual(['/home/u/pi-agent/sessions'])
    expect(dirsOf(ctx, 'cline').slice(0, 3)).toEqual([
      '/cfg/cline/data/sessions',
      '/cfg/cline/data/tasks',
      '/cfg/xdg/Code/User/globalStorage/saoudrizwan.claude-dev/tasks',
    ])
    // CLINE_DATA_DIR wins over CLINE_DIR; an empty variable counts as unset.
    const data = linux({ CLINE_DATA_DIR: '/d', CLINE_DIR: '/cfg/cline', CODEX_HOME: '' })
    expect(dirsOf(data, 'cline').slice(0, 2)).toEqual(['/d/sessions', '/d/tasks'])
    expect(dirsOf(data, 'codex')[0]).toBe('/home/u/.codex/sessions')
  })

  it("Cline 4's sessions: CLINE_SESSION_DATA_DIR moves them alone, and names the origin", () => {
    const rootsOf = (env: Record<string, string>) =>
      sessionRoots(linux(env))
        .filter((r) => r.engine === 'cline')
        .slice(0, 2)
        .map(({ dir, layout, origin }) => ({ dir, layout, origin }))
    expect(rootsOf({})).toEqual([
      { dir: '/home/u/.cline/data/sessions', layout: 'cline-sessions', origin: 'default' },
      { dir: '/home/u/.cline/data/tasks', layout: 'tasks', origin: 'default, tasks before 4.0' },
    ])
    // The SDK's resolveSessionDataDir: CLINE_SESSION_DATA_DIR, trimmed, else <data>/sessions.
    expect(
      rootsOf({ CLINE_SESSION_DATA_DIR: ' /s ', CLINE_DATA_DIR: '/d', CLINE_DIR: '/c' }),
    ).toEqual([
      { dir: '/s', layout: 'cline-sessions', origin: 'CLINE_SESSION_DATA_DIR' },
      { dir: '/d/tasks', layout: 'tasks', origin: 'CLINE_DATA_DIR, tasks before 4.0' },
    ])
    expect(rootsOf({ CLINE_DATA_DIR: '/d', CLINE_DIR: '/c' })[0]).toEqual({
      dir: '/d/sessions',
      layout: 'cline-sessions',
      origin: 'CLINE_DATA_DIR',
    })
    expect(rootsOf({ CLINE_DIR: '/c', CLINE_SESSION_DATA_DIR: '  ' })[0]).toEqual({
      dir: '/c/data/sessions',
      layout: 'cline-sessions',
      origin: 'CLINE_DIR',
    })
    const mac: LocationContext = { platform: 'darwin', env: { HOME: '/Users/u' }, home: '/Users/u' }
    expect(dirsOf(mac, 'cline')[0]).toBe('/Users/u/.cline/data/sessions')
  })

  it('VSCODE_APPDATA and a portable VS Code move the extensions’ storage', () => {
    expect(dirsOf(linux({ VSCODE_APPDATA: '/va' }), 'roo-code')[0]).toBe(
      '/va/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks',
    )
    expect(dirsOf(linux({ VSCODE_PORTABLE: '/port' }), 'roo-code')).toEqual([
      '/port/user-data/User/globalStorage/rooveterinaryinc.roo-cline/tasks',
    ])
  })

  it("mini-swe-agent: its global config folder, as platformdirs' user_config_dir names it", () => {
    // Its default outputs (last_mini_run.traj.json) are written there (run/mini.py).
    expect(dirsOf(linux(), 'mini-swe-agent')).toEqual(['/home/u/.config/mini-swe-agent'])
    expect(dirsOf(linux({ XDG_CONFIG_HOME: '/xdg' }), 'mini-swe-agent')).toEqual([
      '/xdg/mini-swe-agent',
    ])
    // A blank XDG_CONFIG_HOME is unset; MSWEA_GLOBAL_CONFIG_DIR replaces the whole folder.
    expect(dirsOf(linux({ XDG_CONFIG_HOME: ' ' }), 'mini-swe-agent')).toEqual([
      '/home/u/.config/mini-swe-agent',
    ])
    expect(dirsOf(linux({ MSWEA_GLOBAL_CONFIG_DIR: '/m' }), 'mini-swe-agent')).toEqual(['/m'])
    const mac: LocationContext = { platform: 'darwin', env: { HOME: '/Users/u' }, home: '/Users/u' }
    expect(dirsOf(mac, 'mini-swe-agent')).toEqual([
      '/Users/u/Library/Application Support/mini-swe-agent',
    ])
    // platformdirs reads XDG_CONFIG_HOME on macOS too, since 4.6.0.
    expect(
      dirsOf({ ...mac, env: { ...mac.env, XDG_CONFIG_HOME: '/x' } }, 'mini-swe-agent'),
    ).toEqual(['/x/mini-swe-agent'])
    // On Windows the author folder defaults to the app's name: the name twice.
    const win: LocationContext = {
      platform: 'win32',
      env: { USERPROFILE: 'C:\\Users\\u', LOCALAPPDATA: 'D:\\Local' },
      home: 'C:\\Users\\u',
    }
    expect(dirsOf(win, 'mini-swe-agent')).toEqual(['D:\\Local\\mini-swe-agent\\mini-swe-agent'])
    expect(dirsOf({ ...win, env: { USERPROFILE: 'C:\\Users\\u' } }, 'mini-swe-agent')).toEqual([
      'C:\\Users\\u\\AppData\\Local\\mini-swe-agent\\mini-swe-agent',
    ])
  })

  it('HOME wins over the home folder the process was given', () => {
    const ctx: LocationContext = { platform: 'linux', env: { HOME: '/h' }, home: '/other' }
    expect(dirsOf(ctx, 'pi')).toEqual(['/h/.pi/agent/sessions'])
    const unset: LocationContext = { platform: 'linux', env: {}, home: '/other' }
    expect(dirsOf(unset, 'pi')).toEqual(['/other/.pi/agent/sessions'])
  })
})
