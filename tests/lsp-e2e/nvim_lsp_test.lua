-- End-to-end test of `chronon lsp` with neovim's own LSP client (0.7+), an implementation
-- independent of VS Code's. Run as:
--   SERVER_CMD="path/to/chronon lsp" nvim --headless --clean -u NONE -c "luafile nvim_lsp_test.lua" FILE.gb
-- It checks each capability on the fixture side (tests/lsp-e2e/fixtures/demo.gb), edits the buffer so
-- that neovim sends incremental changes, and waits for the diagnostic to appear and clear. One JSON
-- line per check on stdout; exits 0 when all pass (`qa!`), 1 otherwise (`cq!`).

local failures = 0
local checks = 0
local function out(tbl) io.stdout:write(vim.fn.json_encode(tbl) .. "\n") end
local function check(name, ok, detail)
  checks = checks + 1
  if not ok then failures = failures + 1 end
  out({ check = name, ok = ok and true or false, detail = (not ok) and vim.inspect(detail) or nil })
end

local published = {}
local function run()
  local cmd = vim.split(os.getenv("SERVER_CMD") or "chronon lsp", " ", { trimempty = true })
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "chronon",
    cmd = cmd,
    root_dir = vim.fn.getcwd(),
    handlers = {
      ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
        table.insert(published, result)
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
    on_exit = function(code, signal) io.stderr:write("server exited " .. code .. " " .. signal .. "\n") end,
  })
  assert(client_id, "could not start the server")
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  assert(vim.wait(5000, function() return client.initialized end, 20), "initialize timed out")
  check("initialize: incremental sync and the providers",
    client.server_capabilities.textDocumentSync.change == 2 and client.server_capabilities.hoverProvider and
      client.server_capabilities.inlayHintProvider and client.server_capabilities.semanticTokensProvider ~= nil,
    client.server_capabilities)

  local uri = vim.uri_from_bufnr(bufnr)
  local function last_for(version)
    for i = #published, 1, -1 do
      if published[i].uri == uri and (version == nil or published[i].version == version) then return published[i] end
    end
  end
  assert(vim.wait(5000, function() return last_for() ~= nil end, 20), "no diagnostics after open")
  check("open: no diagnostics on a clean side", #last_for().diagnostics == 0, last_for())

  local function request(method, params)
    local responses = vim.lsp.buf_request_sync(bufnr, method, params, 5000)
    assert(responses, method .. " timed out")
    for _, response in pairs(responses) do return response.result, response.error or response.err end
  end
  local function at(line, character)
    return { textDocument = { uri = uri }, position = { line = line, character = character } }
  end

  local hover = request("textDocument/hover", at(14, 30))
  check("hover: a word's effect", hover and hover.contents.value:find("^%*%*fire%-food%-sensor%*%* `%( %-%- %)`") ~= nil, hover)
  local label = request("textDocument/hover", at(18, 1))
  check("hover: a label's inferred effect", label and label.contents.value:find("inferred effect") ~= nil, label)
  local completion = request("textDocument/completion", at(15, 2))
  local labels = {}
  for _, item in ipairs(completion.items) do labels[item.label] = true end
  check("completion: words, hardware, variables, snippets",
    labels["drop"] and labels["food-position"] and labels["dest!"] and labels["do … loop"] and not labels["robot-position"], #completion.items)
  local definition = request("textDocument/definition", at(15, 3))
  check("definition", definition and #definition == 1 and definition[1].range.start.line == 18, definition)
  local refs = request("textDocument/references", vim.tbl_extend("force", at(3, 6), { context = { includeDeclaration = true } }))
  check("references", refs and #refs == 3, refs)
  local rename = request("textDocument/rename", vim.tbl_extend("force", at(16, 3), { newName = "total" }))
  check("rename", rename and #rename.changes[uri] == 3, rename)
  local _, refused = request("textDocument/rename", vim.tbl_extend("force", at(16, 3), { newName = "then" }))
  check("rename refuses keywords", refused and refused.code == -32803, refused)
  local symbols = request("textDocument/documentSymbol", { textDocument = { uri = uri } })
  check("document symbols", symbols and symbols[1].name == "Demo" and symbols[1].children[2].name == "Gatherer", symbols)
  local tokens = request("textDocument/semanticTokens/full", { textDocument = { uri = uri } })
  check("semantic tokens", tokens and #tokens.data > 100 and #tokens.data % 5 == 0, tokens and #tokens.data)
  local hints = request("textDocument/inlayHint",
    { textDocument = { uri = uri }, range = { start = { line = 0, character = 0 }, ["end"] = { line = 30, character = 0 } } })
  local hint_texts = {}
  for _, hint in ipairs(hints or {}) do hint_texts[#hint_texts + 1] = hint.position.line .. " " .. hint.label end
  check("inlay hints: depth per line and the label's effect",
    table.concat(hint_texts, ",") == "14 [0],16 [0],17 [0],18 ( 0 -- 0 ),19 [0 rel]", hint_texts)
  local signature = request("textDocument/signatureHelp", at(19, 13))
  check("signature help", signature and signature.signatures[1].label == "drop ( x -- )", signature)
  local formatting = request("textDocument/formatting", { textDocument = { uri = uri }, options = { tabSize = 2, insertSpaces = true } })
  check("formatting", formatting and #formatting == 0, formatting)
  local wsymbols = request("workspace/symbol", { query = "grow" })
  check("workspace symbols", wsymbols and #wsymbols >= 1, wsymbols)

  -- A typo, typed into the buffer: neovim sends an incremental change; the diagnostic appears at
  -- the typo's range, then clears when it is fixed.
  vim.api.nvim_buf_set_text(bufnr, 16, 3, 16, 5, { "ah" })
  local typo_version = vim.lsp.util.buf_versions[bufnr]
  assert(vim.wait(5000, function() return last_for(typo_version) ~= nil end, 10), "no diagnostics after the typo")
  local d = last_for(typo_version).diagnostics
  check("typo: GB600 at the right range",
    #d == 1 and d[1].code == "GB600" and d[1].range.start.line == 16 and d[1].range.start.character == 2 and
      d[1].range["end"].character == 8, d)
  check("typo: neovim shows it", #vim.diagnostic.get(bufnr) == 1, vim.diagnostic.get(bufnr))
  local actions = request("textDocument/codeAction",
    { textDocument = { uri = uri }, range = d[1].range, context = { diagnostics = d } })
  check("code action: correct the spelling first", actions and actions[1].title == "Change to 'shared'", actions)
  check("code action: or declare the variable", actions and actions[2].title == "Declare variable 'sahred' (#var)", actions)
  vim.api.nvim_buf_set_text(bufnr, 16, 3, 16, 5, { "ha" })
  local fixed_version = vim.lsp.util.buf_versions[bufnr]
  assert(vim.wait(5000, function() return last_for(fixed_version) ~= nil end, 10), "no diagnostics after the fix")
  check("fix: the diagnostic clears", #last_for(fixed_version).diagnostics == 0, last_for(fixed_version))

  -- A RoboTalk robot in a second buffer, served by the same client.
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("RTK_FILE") or "bot.rtk"))
  local rtk = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(rtk, client_id)
  local rtk_uri = vim.uri_from_bufnr(rtk)
  assert(vim.wait(5000, function()
    for i = #published, 1, -1 do if published[i].uri == rtk_uri then return true end end
    return false
  end, 20), "no diagnostics for the robot")
  bufnr, uri = rtk, rtk_uri
  local op = request("textDocument/hover", at(2, 16))
  check("rtk hover: an operator", op and op.contents.value:find("^%*%*STORE%*%*") ~= nil, op)
  local reg = request("textDocument/hover", at(2, 3))
  check("rtk hover: a register's access and unit", reg and reg.contents.value:find("readable and writable, in degrees") ~= nil, reg)
  local rtk_def = request("textDocument/definition", at(3, 3))
  check("rtk definition", rtk_def and #rtk_def == 1 and rtk_def[1].range.start.line == 5, rtk_def)
  local rtk_completion = request("textDocument/completion", at(3, 2))
  local rtk_labels = {}
  for _, item in ipairs(rtk_completion.items) do rtk_labels[item.label] = true end
  -- bot.rtk is written in lower case, so the words are offered in lower case.
  check("rtk completion", rtk_labels["store"] and rtk_labels["shoot"] and rtk_labels["subroutine"], #rtk_completion.items)
  local rtk_rename = request("textDocument/rename", vim.tbl_extend("force", at(1, 1), { newName = "main" }))
  check("rtk rename", rtk_rename and #rtk_rename.changes[uri] == 2, rtk_rename)
  local rtk_hints = request("textDocument/inlayHint",
    { textDocument = { uri = uri }, range = { start = { line = 0, character = 0 }, ["end"] = { line = 9, character = 0 } } })
  check("rtk inlay hints", rtk_hints and #rtk_hints >= 3, rtk_hints)
  vim.api.nvim_buf_set_text(rtk, 2, 10, 2, 14, { "aim" })
  local store_version = vim.lsp.util.buf_versions[rtk]
  assert(vim.wait(5000, function() return last_for(store_version) ~= nil end, 10), "no diagnostics after the edit")
  local sd = last_for(store_version).diagnostics
  check("rtk: STORE without a quoted register", #sd >= 1 and sd[1].code == "RT402", sd)
  local quote = request("textDocument/codeAction", { textDocument = { uri = uri }, range = sd[1].range, context = { diagnostics = sd } })
  check("rtk: the quick fix quotes it", quote and quote[1] and quote[1].edit.changes[uri][1].newText == "'", quote)

  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
end

local ok, err = pcall(run)
if not ok then
  failures = failures + 1
  io.stderr:write("error: " .. tostring(err) .. "\n")
end
out({ checks = checks, failures = failures })
if failures == 0 then vim.cmd("qa!") else vim.cmd("cq!") end
