-- tests/eventlog-ref/dump.hs - the reference decoding of an eventlog's heap
-- samples, by the ghc-events library (not by hp2x), for tests/unit/test_eventlog*.c.
--
-- Prints, in file order, "SAMPLE <index>" at every HEAP_PROF_SAMPLE_BEGIN or
-- HEAP_BIO_PROF_SAMPLE_BEGIN, then one "<label>\t<bytes>" line per
-- HEAP_PROF_SAMPLE_COST_CENTRE / HEAP_PROF_SAMPLE_STRING (zero values too).
-- A cost-centre stack is named as GHC names it in a .hp file, untruncated
-- and without the "(ccsID)" prefix: labels innermost first joined by "/",
-- a cost centre labelled CAF written "Module.CAF" with no "/" after it,
-- MAIN for the empty stack, "<cc N>" for an id never defined.
--
-- With --ticks, the other two profiles instead (for NAME.ticks.txt), one
-- line per event, times in nanoseconds:
--   PROF_BEGIN <interval>
--   TICK <time> <cap> <tick> <innermost label>\t<stack label>
--   TICKY_DEF <id>\t<name>
--   TICKY_BEGIN <time>
--   TICKY <time> <id> <entries> <alloc> <allocd>
-- where the innermost label is the first component of the stack label.
--
-- With --ipe, the info-table provenance (IPE, 169) events instead (for
-- NAME.ipe.txt), one line each, in file order:
--   IPE 0x<info pointer, lowercase hex>\t<table name>\t<closure type
--   number>\t<type>\t<label>\t<module>\t<source location>
-- where a backslash, TAB or newline inside a field is written \\, \t, \n
-- (GHC writes multi-line types).
-- Usage: dump [--ticks|--ipe] FILE.eventlog > FILE.txt
import qualified Data.Map.Strict as M
import qualified Data.Text as T
import qualified Data.Text.IO as T
import qualified Data.Vector.Unboxed as V
import Data.Word (Word32)
import GHC.RTS.Events
import System.Environment (getArgs)
import System.Exit (exitWith, ExitCode (..))
import System.IO
import Numeric (showHex)

type CCs = M.Map Word32 (T.Text, T.Text)

stackLabel :: CCs -> [Word32] -> T.Text
stackLabel _ [] = T.pack "MAIN"
stackLabel ccs ids = T.concat (go ids)
  where
    go [] = []
    go (i : rest) = case M.lookup i ccs of
      Just (lab, m)
        | lab == T.pack "CAF" -> T.append m (T.pack ".CAF") : go rest
        | otherwise -> lab : sep rest
      Nothing -> T.pack ("<cc " ++ show i ++ ">") : sep rest
    sep [] = []
    sep rest = T.pack "/" : go rest

walk :: CCs -> Int -> [Event] -> IO ()
walk _ _ [] = return ()
walk ccs n (e : es) = case evSpec e of
  HeapProfCostCentre i lab m _ _ -> walk (M.insert i (lab, m) ccs) n es
  HeapProfSampleBegin {} -> begin
  HeapBioProfSampleBegin {} -> begin
  HeapProfSampleCostCentre _ bytes _ stack -> do
    line (stackLabel ccs (V.toList stack)) bytes
    walk ccs n es
  HeapProfSampleString _ bytes lab -> do
    line lab bytes
    walk ccs n es
  _ -> walk ccs n es
  where
    begin = putStrLn ("SAMPLE " ++ show n) >> walk ccs (n + 1) es
    line lab bytes = T.putStrLn (T.concat [lab, T.pack "\t", T.pack (show bytes)])

ticks :: CCs -> [Event] -> IO ()
ticks _ [] = return ()
ticks ccs (e : es) = case evSpec e of
  HeapProfCostCentre i lab m _ _ -> ticks (M.insert i (lab, m) ccs) es
  ProfBegin iv -> out ["PROF_BEGIN " ++ show iv]
  ProfSampleCostCentre cap tick _ stack ->
    let ids = V.toList stack
        inner = stackLabel ccs (take 1 ids)
    in outT [T.pack ("TICK " ++ show t ++ " " ++ show cap ++ " " ++ show tick ++ " "),
             inner, T.pack "\t", stackLabel ccs ids]
  -- record fields: ghc-events 0.19 added two fields to this constructor
  TickyCounterDef {tickyCtrDefId = i, tickyCtrDefName = name} ->
    outT [T.pack ("TICKY_DEF " ++ show i ++ "\t"), name]
  TickyBeginSample -> out ["TICKY_BEGIN " ++ show t]
  TickyCounterSample i n a d ->
    out ["TICKY " ++ unwords (map show [t, i, n, a, d])]
  _ -> ticks ccs es
  where
    t = evTime e
    out ls = mapM_ putStrLn ls >> ticks ccs es
    outT ps = T.putStrLn (T.concat ps) >> ticks ccs es

ipes :: [Event] -> IO ()
ipes es = mapM_ line [s | e <- es, s@InfoTableProv {} <- [evSpec e]]
  where
    line s = T.putStrLn (T.intercalate (T.pack "\t")
      [ T.pack ("IPE 0x" ++ showHex (itInfo s) ""), esc (itTableName s)
      , T.pack (show (itClosureDesc s))
      , esc (itTyDesc s), esc (itLabel s), esc (itModule s), esc (itSrcLoc s) ])
    esc = T.concatMap (\c -> case c of
      '\\' -> T.pack "\\\\"
      '\t' -> T.pack "\\t"
      '\n' -> T.pack "\\n"
      _ -> T.singleton c)

main :: IO ()
main = do
  args <- getArgs
  let (mode, path) = case args of
        ["--ticks", p] -> ("ticks", p)
        ["--ipe", p] -> ("ipe", p)
        [p] -> ("heap", p)
        _ -> error "usage: dump [--ticks|--ipe] FILE.eventlog"
  hSetEncoding stdout utf8
  r <- readEventLogFromFile path
  case r of
    Left msg -> hPutStrLn stderr (path ++ ": " ++ msg) >> exitWith (ExitFailure 1)
    Right (EventLog _ (Data es))
      | mode == "ticks" -> ticks M.empty es
      | mode == "ipe" -> ipes es
      | otherwise -> walk M.empty 0 es
