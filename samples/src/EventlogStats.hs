-- | Summarises a sample eventlog with the reference decoder (ghc-events):
-- heap samples, distinct band labels, user markers and their texts. Used by
-- samples/regenerate to fill the table in samples/README.md, and as an
-- independent check that the eventlogs carry what the README promises.
module Main (main) where

import qualified Data.Set as Set
import Data.List (foldl')
import GHC.RTS.Events
import System.Environment (getArgs)
import System.Exit (exitFailure)
import System.IO (hPutStrLn, stderr)

data Stats = Stats
  { samples :: !Int
  , bioSamples :: !Int
  , labels :: Set.Set String
  , markers :: [String]
  , nevents :: !Int
  }

-- Band identities: cost-centre-stack ids for -hc, strings for the others.
step :: Stats -> Event -> Stats
step s ev = case evSpec ev of
  HeapProfSampleBegin {} -> s' { samples = samples s + 1 }
  HeapBioProfSampleBegin {} -> s' { samples = samples s + 1, bioSamples = bioSamples s + 1 }
  HeapProfSampleString { heapProfLabel = l } -> s' { labels = Set.insert (show l) (labels s) }
  HeapProfSampleCostCentre { heapProfStack = st } -> s' { labels = Set.insert (show st) (labels s) }
  UserMarker { markername = m } -> s' { markers = markers s ++ [show m] }
  _ -> s'
  where s' = s { nevents = nevents s + 1 }

main :: IO ()
main = do
  args <- getArgs
  mapM_ one args
  where
    one path = do
      r <- readEventLogFromFile path
      case r of
        Left err -> hPutStrLn stderr (path ++ ": " ++ err) >> exitFailure
        Right el -> do
          let evs = sortEvents (events' el)
              st = foldl' step (Stats 0 0 Set.empty [] 0) evs
          putStrLn (path ++ "\tsamples=" ++ show (samples st) ++ "\tbio=" ++ show (bioSamples st)
            ++ "\tbands=" ++ show (Set.size (labels st)) ++ "\tmarkers=" ++ show (length (markers st))
            ++ "\tevents=" ++ show (nevents st))
          mapM_ (\m -> putStrLn ("  marker " ++ m)) (markers st)
    events' el = events (dat el)
