#pragma once
// A RoboWar tournament's records (docs/tournament-records.md): the plan's header (options, rules and
// the field with every robot's source), a match record per bout and its outcome, and the way back
// from them to a field and options that replay the same tournament.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "chronon/arena/robowar_tournament.h"
#include "chronon/arena/robowar_tournament_field.h"
#include "chronon/arena/tournament_records.h"
#include "chronon/stdlib/robowar_hardware.h"

namespace chronon::arena::robowar {

/// The plan's header for a tournament of `field` (the robots' bytes from `field.bytes`) with
/// `options` and `category`: the record kind, format and version, game "robowar", the
/// Chronon version, seed, duels, groups, groupBouts, basic, category, rules (rulesJson), listed,
/// combats and saveFile (lists only), robots (records::robotJson plus team and teamName), rejected
/// (path and message) and notes. Threads and the engine are not part of a tournament.
nlohmann::json planHeader(const Field& field, const TournamentOptions& options, chronon::robowar::Category category);

/// A bout as a match record: record "match", index, phase (phaseName), robots (contestant indices),
/// seed, and hashes (the robots' content hashes, from `header`'s robots).
nlohmann::json matchRecord(const Bout& bout, const nlohmann::json& header);

/// The bout a match record describes; nullopt with `error` when a key is missing or out of range
/// for a field of `contestants` robots.
std::optional<Bout> boutFromRecord(const nlohmann::json& match, size_t contestants, std::string& error);

/// A battle's outcome as a result record carries it: chronons, timedOut, and per robot alive,
/// deathChronon, cause (deathCauseName), killer, kills, survivalPoints, points, energy, damage, and
/// error with errorAddress for a buggy robot. Everything the standings and the bout log read.
nlohmann::json outcomeJson(const Result& result);

/// The outcome back from outcomeJson; nullopt with `error` when it is malformed.
std::optional<Result> outcomeFromJson(const nlohmann::json& outcome, std::string& error);

/// Rebuilds the field and options of the plan `header`: each robot is compiled from its bytes
/// (checked against its hash) under its file name, as the tournament compiled it (addRobot); names,
/// teams, paths, rejections, notes and a list's combats come from the header. False with `error`
/// when the header is malformed or a robot no longer compiles.
bool fieldFromPlan(const nlohmann::json& header, Field& field, TournamentOptions& options, std::string& error);

/// The outcomes of the results `byIndex` (records::resultsByIndex) into `known` (ResultLog::known);
/// false with `error` for one that does not read.
bool knownResults(const std::map<size_t, const nlohmann::json*>& byIndex, std::map<size_t, Result>& known,
                  std::string& error);

/// The match records of a stage's `bouts` in the plan `header`, and a check that the results
/// `byIndex` answer them: a known result whose match record is not the plan's is dropped from `known`
/// (so that the bout is played again, or reported missing), with a note in `notes`.
std::vector<nlohmann::json> stageMatches(const std::vector<Bout>& bouts, const nlohmann::json& header,
                                         const std::map<size_t, const nlohmann::json*>& byIndex,
                                         std::map<size_t, Result>& known, std::vector<std::string>& notes);

/// The bouts match records `matches` describe (`chronon tournament play`), in a field of
/// `contestants` robots, each checked to be the match the plan `header` gives that bout, its
/// robots' hashes included; nullopt with `error` for the first that does not read or is not.
std::optional<std::vector<Bout>> boutsOfMatches(const std::vector<nlohmann::json>& matches, size_t contestants,
                                                const nlohmann::json& header, std::string& error);

/// The bouts result records `results` (as records::resultsByIndex checked them: each with a match
/// and an outcome) answer, to be played again (`chronon tournament verify`) in a field of
/// `contestants` robots; nullopt with `error` for a record whose match does not read
/// (boutFromRecord).
std::optional<std::vector<Bout>> boutsOfResults(const std::vector<const nlohmann::json*>& results, size_t contestants,
                                                std::string& error);

/// The records among `results` that the bouts played again do not confirm: `again[i]` is `bouts[i]`
/// (boutsOfResults) played again; a record whose outcome differs, or whose robots' hashes differ from
/// (or are missing beside) the plan `header`'s, is listed with its match record, hashes left out, as its name.
std::vector<records::ResultDifference> unconfirmedResults(const std::vector<const nlohmann::json*>& results,
                                                          const std::vector<Bout>& bouts,
                                                          const std::vector<BoutResult>& again,
                                                          const nlohmann::json& header);

}  // namespace chronon::arena::robowar
